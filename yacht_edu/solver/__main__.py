"""``python -m yacht_edu.solver warm --cache DIR``: see :mod:`yacht_edu.solver.warm`."""

import sys

from yacht_edu.solver.warm import main

if __name__ == "__main__":
    sys.exit(main())
