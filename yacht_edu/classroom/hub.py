"""The hub's configuration for the class service, as ``python -m yacht_edu.classroom hub-config``
prints it: the managed service (the hub starts and restarts it), the access every learner's
server token needs to send to it, and the one setting that tells a learner's kernel where it is.
Printing it needs nothing beyond the package; the service it starts needs the ``hub`` extra
(``pip install 'yacht_edu[hub]'``), which the command checks first.

>>> snippet = hub_config(data="/srv/yacht_edu/class", python="/opt/tljh/user/bin/python")
>>> print(snippet.splitlines()[2:5])
['c.JupyterHub.services.append({', '    "name": "yacht-class",', '    "url": "http://127.0.0.1:10101",']
>>> print(snippet.splitlines()[-1])
c.Spawner.environment.update({"YACHT_EDU_CLASS_SERVICE": "http://127.0.0.1:10101/services/yacht-class/"})
"""

from __future__ import annotations

import json
import sys

#: The service's name on the hub (its URL is ``/services/<name>/``).
NAME = "yacht-class"

#: The variable a learner's server passes its kernels: where the class service is.
SERVICE_ENVIRONMENT = "YACHT_EDU_CLASS_SERVICE"

SNIPPET = """\
# The class service of yacht_edu (python -m yacht_edu.classroom hub-config): learners' checks,
# tallies and finished games reach the teacher's view at /services/{name}/.
c.JupyterHub.services.append({{
    "name": "{name}",
    "url": "{url}",
    "command": {command},
    "oauth_no_confirm": True,
}})
# Every learner may reach the service, and their server's token may too (their kernel sends
# with it); the service itself lets only the teachers' group and admins see the class.
c.JupyterHub.load_roles.extend([
    {{"name": "user", "scopes": ["self", "access:services!service={name}"]}},
    {{"name": "server", "scopes": ["users:activity!user", "access:servers!server",
                                  "access:services!service={name}"]}},
])
# Where a learner's kernel sends (without this setting, nothing is ever sent).
c.Spawner.environment.update({{"{variable}": "{reach}"}})
"""


def hub_config(*, data: str, python: str = sys.executable, port: int = 10101,
               teachers: str = "teachers", class_groups: str = "", lang: str = "en",
               reach: str | None = None) -> str:
    """The snippet for ``jupyterhub_config.py`` (TLJH: a file in
    ``/opt/tljh/config/jupyterhub_config.d/``).  ``data``: the service's folder (its
    database); ``python``: a Python with the package; ``reach``: the service's address as the
    learners' servers reach it (default: its own, on the hub's machine)."""
    url = f"http://127.0.0.1:{port}"
    command = [python, "-m", "yacht_edu.classroom", "service", "--data", data,
               "--teachers", teachers, "--lang", lang]
    if class_groups:
        command += ["--class-groups", class_groups]
    return SNIPPET.format(name=NAME, url=url, command=json.dumps(command),
                          variable=SERVICE_ENVIRONMENT,
                          reach=reach or f"{url}/services/{NAME}/")
