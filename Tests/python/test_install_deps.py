"""scripts/install-deps.sh on a machine that misses packages (issue 33): one line for the install
step, apt's output kept in a log file, and the log's tail shown when the install fails. apt-get
and dpkg-query are stand-ins on PATH: dpkg-query says every package is missing, apt-get prints
300 numbered lines (and fails when told to)."""
import os
import stat
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "install-deps.sh")


def stand_in(directory, name, body):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


class InstallDepsTests(unittest.TestCase):
    def run_script(self, apt_status):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        bin_dir = os.path.join(tmp.name, "bin")
        os.mkdir(bin_dir)
        stand_in(bin_dir, "dpkg-query", "exit 1\n")
        # `sudo` runs its arguments (when the tests do not run as root).
        stand_in(bin_dir, "sudo", 'exec "$@"\n')
        stand_in(bin_dir, "apt-get",
                 'case "$1" in update) exit 0;; esac\n'
                 'i=1; while [ $i -le 300 ]; do echo "Unpacking line $i"; i=$((i+1)); done\n'
                 f"exit {apt_status}\n")
        log = os.path.join(tmp.name, "apt.log")
        env = dict(os.environ, PATH=bin_dir + ":/usr/bin:/bin", DEPS_LOG=log)
        r = subprocess.run(["bash", SCRIPT], env=env, capture_output=True, text=True, timeout=60)
        return r, log

    def test_a_successful_install_prints_one_line_and_keeps_apt_output_in_the_log(self):
        r, log = self.run_script(0)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        lines = (r.stdout + r.stderr).splitlines()
        self.assertEqual(len(lines), 1, lines[:5])
        self.assertIn("Installing", lines[0])
        self.assertIn(log, lines[0])
        with open(log) as f:
            kept = f.read()
        self.assertIn("Unpacking line 1\n", kept)
        self.assertIn("Unpacking line 300\n", kept)

    def test_a_failed_install_shows_the_tail_of_the_log_and_fails(self):
        r, log = self.run_script(100)
        self.assertEqual(r.returncode, 100, r.stdout + r.stderr)
        out = r.stdout + r.stderr
        self.assertIn("Unpacking line 300", out)
        self.assertNotIn("Unpacking line 1\n", out)
        self.assertLess(len(out.splitlines()), 40, out)
        self.assertIn(log, out)


if __name__ == "__main__":
    unittest.main()
