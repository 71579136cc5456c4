"""A warm worker for the stage commands: the heavy imports are paid once per pipeline run, not per stage.

Why: `dvc repro` starts one process per stage (15 in the default pipeline), and each paid about 3 s
importing pandas, pyarrow, SciPy and great-expectations before its first line of work. After one
changed figure that start-up was most of the run. So the first stage command of a run starts a worker
in the background that imports them once. The next stage commands hand it their arguments, working
folder, environment and standard streams over a private Unix socket. The worker forks a child that
runs the command as a fresh process would. The child's exit status goes back to the caller, and the
caller forwards Ctrl-C and SIGTERM to the child.

It stays correct because:
- the worker is keyed by the interpreter, the installed libraries, every file of this package and the
  environment read at import time, so edited code always meets a new worker, never a stale one;
- the child gets a new random seed, like a fresh process;
- nothing is written anywhere but the socket folder (private to the user, mode 0700): the
  environment, secrets included, travels in memory only.

The worker exits after ``SCIFIGBENCH_WARM_IDLE`` seconds (default 120) without a request, and
``SCIFIGBENCH_WARM=0`` turns it off. A command that finds no worker starts one and waits for it,
which takes about as long as its own imports would. If the worker cannot start, or closes before it
starts the command, the command runs in its own process.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

# The stage commands of dvc.yaml: the ones run many times in a row, where start-up dominates.
WARM_COMMANDS = frozenset(
    {"check-params", "corpus", "conditions", "probes", "setups", "respond", "judge", "metrics", "report"}
)
# Heavy libraries the stage modules import lazily; loading them in the worker is the point of it.
PRELOAD = ("pandas", "pyarrow.parquet", "scipy.stats", "great_expectations", "PIL.Image", "cv2")
# Environment read when modules are imported (not when they run): a worker serves one setting of them.
IMPORT_ENV = ("PYTHONPATH", "PYTHONHASHSEED", "MPLBACKEND", "MPLCONFIGDIR", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")
SWITCH_ENV = "SCIFIGBENCH_WARM"
IDLE_ENV = "SCIFIGBENCH_WARM_IDLE"
DEFAULT_IDLE_S = 120.0
READY_TIMEOUT_S = 60.0  # a worker imports in ~3 s; far longer means something is wrong
PACKAGE = Path(__file__).resolve().parent.parent


def enabled(argv: list[str]) -> bool:
    """Whether this command line goes through the worker: a stage command, not help, not switched off."""
    if os.environ.get(SWITCH_ENV, "1").strip().lower() in {"0", "off", "false", "no"}:
        return False
    return bool(argv) and argv[0] in WARM_COMMANDS and not {"-h", "--help"} & set(argv)


def fingerprint(package: Path = PACKAGE) -> str:
    """What decides the code a worker runs: interpreter, installed libraries, the package's files and
    the import-time environment. Any change gives another worker (stat data only: a few ms)."""
    digest = hashlib.sha256()
    site = [p for p in sys.path if p.endswith("site-packages")]
    for entry in [sys.executable, *site]:
        st = os.stat(entry)
        digest.update(f"{entry}\0{st.st_mtime_ns}\0".encode())
    for name, value in sorted(import_env().items()):
        digest.update(f"{name}={value}\0".encode())
    for dirpath, dirnames, filenames in os.walk(package):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            st = os.stat(os.path.join(dirpath, name))
            digest.update(f"{dirpath}/{name}\0{st.st_mtime_ns}\0{st.st_size}\0".encode())
    return digest.hexdigest()[:20]


def import_env() -> dict[str, str]:
    """The set variables of ``IMPORT_ENV``, with PYTHONPATH entries made absolute: the worker runs in
    another folder, and a relative entry there would import another copy of the package."""
    env = {name: os.environ[name] for name in IMPORT_ENV if name in os.environ}
    if "PYTHONPATH" in env:
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) if p else p for p in env["PYTHONPATH"].split(os.pathsep))
    return env


def socket_folder() -> Path:
    """A folder only this user can enter (checked, not assumed: another user's folder is refused)."""
    base = Path(os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir())
    folder = base / f"scifigbench-warm-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    st = folder.lstat()
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or stat.S_IMODE(st.st_mode) & 0o077:
        raise PermissionError(f"{folder} is not a private folder of this user; remove it or set {SWITCH_ENV}=0")
    return folder


# ---------------------------------------------------------------------------------------------- caller


def main() -> None:
    """The installed ``scifigbench`` command: a stage command runs in the warm worker when one is up,
    every other command (and every command when there is none yet) in this process. The command
    line (click and every command module) is imported only when this process runs it."""
    args = sys.argv[1:]
    if enabled(args) and (code := run(args)) is not None:
        sys.exit(code)
    from scifigbench.cli import main as cli_main

    cli_main(prog_name="scifigbench")  # the same name in usage lines when run as `python -m scifigbench`


def run(argv: list[str]) -> int | None:
    """Run ``argv`` in the worker and return its exit status, or None when the caller must run it
    itself (no usable socket folder, or the worker could not start)."""
    try:
        path = socket_folder() / f"{fingerprint()}.sock"
    except OSError:
        return None
    conn = _connect(path)
    if conn is None:
        # Waiting for a new worker costs about what importing here would, and every later command
        # of the run gains; a worker that fails to start is seen exiting, and this command runs here.
        try:
            conn = _wait_for(path, _start_worker(path))
        except KeyboardInterrupt:
            return 130
        if conn is None:
            return None
    with conn:
        request = json.dumps({"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ)}).encode()
        socket.send_fds(conn, [len(request).to_bytes(8, "big") + request], [0, 1, 2])
        replies = conn.makefile("r", encoding="utf-8")
        first = replies.readline().split()
        if first[:1] != ["pid"]:
            return None  # the worker was closing: nothing ran, so run here
        child = int(first[1])
        _forward_signals(child)
        last = replies.readline().split()
        if last[:1] == ["exit"]:
            return int(last[1])
        print(f"scifigbench: the warm worker's child {child} ended without an exit status", file=sys.stderr)
        return 1


def _forward_signals(child: int) -> None:
    def forward(signum: int, _frame: Any) -> None:
        try:
            os.kill(child, signum)
        except ProcessLookupError:
            pass

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, forward)


def _connect(path: Path) -> socket.socket | None:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(str(path))
        return conn
    except OSError:  # none yet, a stale socket (its worker gone), or a path too long for a socket
        conn.close()
        return None


def _wait_for(path: Path, worker: subprocess.Popen[bytes] | None) -> socket.socket | None:
    """Connect once ``worker`` listens; None if it exits first (another worker may have won the
    socket: tried once more) or takes longer than ``READY_TIMEOUT_S``."""
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if (conn := _connect(path)) is not None:
            return conn
        if worker is None or worker.poll() is not None:
            return _connect(path)
        time.sleep(0.05)
    return None


def _start_worker(path: Path) -> subprocess.Popen[bytes] | None:
    """Start the worker detached from this command's session and streams; its log sits beside its socket."""
    try:
        with open(path.with_suffix(".log"), "ab") as log:
            return subprocess.Popen(
                [sys.executable, "-P", "-m", "scifigbench.pipeline.warm", str(path)],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                cwd=path.parent,
                start_new_session=True,
                close_fds=True,
                env={**os.environ, **import_env()},
            )
    except OSError:
        return None


# ---------------------------------------------------------------------------------------------- worker


def serve(path: Path, idle_s: float) -> None:
    """Import once, then fork one child per request until ``idle_s`` seconds pass without one."""
    import importlib

    from scifigbench import cli

    for module in PRELOAD:
        try:
            importlib.import_module(module)
        except ImportError:  # an optional library missing is the command's business, not the worker's
            pass
    for command in WARM_COMMANDS:
        importlib.import_module(cli.COMMANDS[command][0].split(":")[0])
    if fingerprint() != path.stem:  # e.g. an installed copy shadowing the caller's: never serve it
        print(f"worker: the package imported here ({PACKAGE}) is not the caller's; not serving", file=sys.stderr)
        return
    listener = _listen(path)
    if listener is None:
        return
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    listener.settimeout(idle_s)
    try:
        while True:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                break
            if os.fork() == 0:
                listener.close()
                _child(conn)
            conn.close()
    finally:
        listener.close()
        path.unlink(missing_ok=True)


def _listen(path: Path) -> socket.socket | None:
    """Bind the socket; a stale one (its worker gone) is replaced, a live one means another worker won."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(str(path))
    except OSError:
        if (live := _connect(path)) is not None:
            live.close()
            listener.close()
            return None
        path.unlink(missing_ok=True)
        listener.bind(str(path))
    listener.listen(16)
    return listener


def _receive(conn: socket.socket) -> tuple[dict[str, Any], list[int]]:
    data, fds, _flags, _addr = socket.recv_fds(conn, 1 << 16, 3)
    if not data:
        raise ConnectionError("a connection without a request (a readiness probe)")
    size = int.from_bytes(data[:8], "big")
    body = bytearray(data[8:])
    while len(body) < size:
        more = conn.recv(1 << 16)
        if not more:
            raise ConnectionError("the caller closed the request early")
        body += more
    return json.loads(bytes(body)), fds


def _child(conn: socket.socket) -> None:
    """Become the caller's process (streams, folder, environment, arguments), run the command, report."""
    code = 1
    log = os.dup(2)  # the worker's log, before the caller's streams take fds 0-2
    try:
        request, fds = _receive(conn)
        for target, fd in zip((0, 1, 2), fds, strict=True):
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["scifigbench", *request["argv"]]
        _fresh_process_state()
        conn.sendall(f"pid {os.getpid()}\n".encode())
        os.write(log, f"worker child {os.getpid()}: {request['argv'][:2]} in {request['cwd']}\n".encode())
        os.close(log)
        threading.Thread(target=_die_with_caller, args=(conn,), daemon=True).start()
        code = _run_command(request["argv"])
    except ConnectionError:
        pass
    except BaseException:  # noqa: BLE001 - the child must always report and exit
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        try:
            conn.sendall(f"exit {code}\n".encode())
        except OSError:
            pass
        os._exit(code)


def _die_with_caller(conn: socket.socket) -> None:
    """The caller never writes after its request, so a read returns only when it is gone (killed,
    even by SIGKILL, which it cannot forward): then this child goes too, as a child process would
    have gone with it."""
    try:
        conn.recv(1)
    except OSError:
        pass
    os.kill(os.getpid(), signal.SIGKILL)


def _fresh_process_state() -> None:
    """What a new process would have and a forked one does not: its own streams, signals and seeds."""
    import random

    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False))
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), line_buffering=os.isatty(1))
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), line_buffering=True, errors="backslashreplace")
    for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    random.seed()
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()


def _run_command(argv: list[str]) -> int:
    from scifigbench.cli import main

    try:
        main.main(args=argv, prog_name="scifigbench")
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    serve(Path(sys.argv[1]), float(os.environ.get(IDLE_ENV) or DEFAULT_IDLE_S))
