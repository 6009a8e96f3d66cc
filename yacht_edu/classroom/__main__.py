"""``python -m yacht_edu.classroom``: see :mod:`yacht_edu.classroom.commands`."""

import sys

from yacht_edu.classroom.commands import main

sys.exit(main())
