"""``python -m yacht_edu.solver warm --cache DIR``: see :mod:`yacht_edu.solver.warm`;
``python -m yacht_edu.solver ship``: see :mod:`yacht_edu.solver.ship`."""

import sys

from yacht_edu.solver import ship, warm

if __name__ == "__main__":
    if sys.argv[1:2] == ["ship"]:
        sys.exit(ship.main(sys.argv[2:]))
    sys.exit(warm.main())
