"""The warm worker: stage commands run in a forked child of a process that imported the libraries once.

The real worker is started here (a subprocess on a private socket folder under tmp_path); commands go
through it as `dvc repro` sends them: the installed CLI in a subprocess, with its own folder, environment
and streams. The worker's log names every child it ran, so a test can tell the warm path from the cold one.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from helpers.runner_helpers import openai_model, setup_rows, write_params, write_setups
from scifigbench.devserver import DevServer
from scifigbench.pipeline import warm

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
KEY = "sk-warm-test-key-77"


pytestmark = pytest.mark.long


def _env(runtime: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(SRC),
        "XDG_RUNTIME_DIR": str(runtime),
        warm.IDLE_ENV: "60",
        "SCIFIGBENCH_TEST_KEY": KEY,
        **extra,
    }


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "scifigbench", *args]


def _socket(runtime: Path) -> Path:
    """The socket a command from this environment looks for (computed in a child with that environment)."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "from scifigbench.pipeline import warm; print(warm.socket_folder() / (warm.fingerprint() + '.sock'))",
        ],
        env=_env(runtime),
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(out.stdout.strip())


def _wait(predicate, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def _accepts(path: Path) -> bool:
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        probe.close()


def _start(sock: Path, runtime: Path, **env: str) -> subprocess.Popen:
    """A worker on ``sock``, logging beside it as one started by a command does."""
    sock.parent.mkdir(mode=0o700, exist_ok=True)
    with open(sock.with_suffix(".log"), "ab") as log:
        return subprocess.Popen(
            [sys.executable, "-P", "-m", "scifigbench.pipeline.warm", str(sock)], env=_env(runtime, **env), stderr=log
        )


def _children_run(sock: Path) -> list[str]:
    log = sock.with_suffix(".log")
    return [line for line in log.read_text().splitlines() if line.startswith("worker child")] if log.exists() else []


@pytest.fixture
def runtime():
    """A short private runtime folder (a Unix socket path must stay under ~100 characters)."""
    folder = Path(tempfile.mkdtemp(prefix="sfw-"))
    yield folder
    # stop the test's worker now rather than after its idle time
    subprocess.run(["pkill", "-f", f"scifigbench.pipeline.warm {folder}"], check=False)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(
    ("argv", "env", "expected"),
    [
        (["respond", "m"], {}, True),
        (["judge", "m", "--no-progress"], {}, True),
        (["check-params"], {}, True),
        (["review", "blur", "list"], {}, False),  # interactive tools run in their own process
        (["respond", "--help"], {}, False),
        ([], {}, False),
        (["report"], {warm.SWITCH_ENV: "0"}, False),
        (["report"], {warm.SWITCH_ENV: "off"}, False),
    ],
)
def test_which_commands_go_to_the_worker(monkeypatch, argv, env, expected):
    monkeypatch.delenv(warm.SWITCH_ENV, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert warm.enabled(argv) is expected


def test_fingerprint_follows_every_package_file(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("A = 1\n")
    (package / "sub" / "prompt.txt").write_text("Describe the figure.\n")
    before = warm.fingerprint(package)
    assert warm.fingerprint(package) == before  # stable while nothing changes
    (package / "sub" / "prompt.txt").write_text("Describe the figure, briefly.\n")
    edited = warm.fingerprint(package)
    assert edited != before
    (package / "b.py").write_text("")
    assert warm.fingerprint(package) not in {before, edited}


def test_import_time_environment_changes_the_worker(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("A = 1\n")
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)
    plain = warm.fingerprint(package)
    monkeypatch.setenv("PYTHONHASHSEED", "7")
    assert warm.fingerprint(package) != plain


def test_a_folder_other_users_can_enter_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    folder = tmp_path / f"scifigbench-warm-{os.getuid()}"
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)
    with pytest.raises(PermissionError, match="not a private folder"):
        warm.socket_folder()
    folder.chmod(0o700)
    assert warm.socket_folder() == folder


def test_stage_commands_run_in_the_worker_with_their_folder_streams_and_status(tmp_path, runtime):
    good, bad = tmp_path / "good", tmp_path / "bad"
    for folder in (good, bad):
        folder.mkdir()
        shutil.copy(REPO / "params.yaml", folder / "params.yaml")
    text = (bad / "params.yaml").read_text()
    (bad / "params.yaml").write_text(text.replace("models:", "modles:", 1))
    sock = _socket(runtime)

    first = subprocess.run(_cli("check-params"), cwd=good, env=_env(runtime), capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    assert "valid" in first.stdout
    assert _accepts(sock), "the first command starts a worker for itself and the next ones"

    ok = subprocess.run(_cli("check-params"), cwd=good, env=_env(runtime), capture_output=True, text=True)
    broken = subprocess.run(_cli("check-params"), cwd=bad, env=_env(runtime), capture_output=True, text=True)
    assert (ok.returncode, ok.stdout) == (first.returncode, first.stdout)
    assert broken.returncode != 0
    assert "params.yaml" in broken.stderr and "modles" in broken.stderr  # the caller's stderr, its folder
    children = _children_run(sock)
    assert len(children) == 3
    assert str(good) in children[0] and str(good) in children[1] and str(bad) in children[2]
    assert all("check-params" in line for line in children)


def test_switched_off_commands_never_start_a_worker(tmp_path, runtime):
    shutil.copy(REPO / "params.yaml", tmp_path / "params.yaml")
    env = _env(runtime, **{warm.SWITCH_ENV: "0"})
    for _ in range(2):
        res = subprocess.run(_cli("check-params"), cwd=tmp_path, env=env, capture_output=True, text=True)
        assert res.returncode == 0, res.stderr
    assert not list(runtime.glob("scifigbench-warm-*/*.sock"))


def test_an_idle_worker_exits_and_removes_its_socket(runtime):
    sock = _socket(runtime)
    proc = _start(sock, runtime, **{warm.IDLE_ENV: "1"})
    try:
        assert _wait(lambda: _accepts(sock))
        proc.wait(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert not sock.exists()


def test_a_stale_socket_is_replaced(runtime):
    sock = _socket(runtime)
    sock.parent.mkdir(mode=0o700, exist_ok=True)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(sock))  # a socket file whose worker is gone (killed -9)
    dead.close()
    assert sock.exists() and not _accepts(sock)
    proc = _start(sock, runtime)
    try:
        assert _wait(lambda: _accepts(sock))
    finally:
        proc.terminate()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGKILL])
def test_the_child_goes_with_its_caller(tmp_path, runtime, signum):
    """Ctrl-C is forwarded; SIGKILL cannot be, so the child notices its caller's socket close."""
    write_setups(tmp_path, setup_rows(tmp_path, 12, tasks=("describe",)))
    sock = _socket(runtime)
    worker = _start(sock, runtime)
    try:
        assert _wait(lambda: _accepts(sock))
        with DevServer(latency_s=0.4, api_key=KEY) as srv:
            write_params(tmp_path, {"m": openai_model(srv.base_url)}, concurrency=1, max_retries=0)
            proc = subprocess.Popen(
                _cli("respond", "m", "--no-progress"),
                cwd=tmp_path,
                env=_env(runtime),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            assert _wait(lambda: len(srv.records) >= 2 or proc.poll() is not None)
            assert proc.poll() is None, proc.stderr.read().decode()
            proc.send_signal(signum)
            proc.wait(timeout=30)
            assert proc.returncode != 0
            time.sleep(1.0)  # one request in flight may still land
            settled = len(srv.records)
            time.sleep(1.5)
            assert len(srv.records) == settled < 12, "the child must stop sending once its caller is gone"
        [line] = _children_run(sock)
        child = int(line.split()[2].rstrip(":"))
        assert _wait(lambda: not _alive(child), timeout=10)
    finally:
        worker.terminate()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_worker_that_cannot_start_leaves_the_command_to_run_itself(tmp_path, runtime):
    shutil.copy(REPO / "params.yaml", tmp_path / "params.yaml")
    env = _env(runtime, **{warm.IDLE_ENV: "not-a-number"})  # the worker exits at once on this
    res = subprocess.run(_cli("check-params"), cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "valid" in res.stdout
    sock = _socket(runtime)
    assert not _accepts(sock) and _children_run(sock) == []
    assert "ValueError" in sock.with_suffix(".log").read_text()  # why it could not start is in its log


def test_a_relative_pythonpath_still_gives_the_callers_copy(runtime):
    """The worker runs in its socket folder: a relative PYTHONPATH must not resolve there."""
    env = {**_env(runtime), "PYTHONPATH": "src"}
    res = subprocess.run(_cli("check-params"), cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    [log] = runtime.glob("scifigbench-warm-*/*.log")
    assert f"in {REPO}" in log.read_text()  # served by the worker, which checked it imports this copy


def test_a_worker_never_serves_code_other_than_its_key(runtime):
    sock = _socket(runtime).with_name("0123456789abcdef0123.sock")  # a key this code does not have
    proc = _start(sock, runtime)
    assert proc.wait(timeout=60) == 0
    assert not sock.exists()
    assert "not serving" in sock.with_suffix(".log").read_text()
