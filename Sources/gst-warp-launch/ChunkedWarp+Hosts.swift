import Foundation
import GStreamerBinding
import WarpLaunchKit

extension ChunkedWarp {
    /// Runs parallel once on every host (`--nonall --tag`) and returns what it printed.
    private func onEveryHost(hostsFile: String, _ command: [String]) -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var options = ["parallel", "--will-cite", "--nonall", "--tag", "--sshloginfile", hostsFile]
        if ProcessInfo.processInfo.environment["PARALLEL_SSH"] == nil {
            options += ["--ssh", "ssh -o BatchMode=yes -o ConnectTimeout=10"]
        }
        process.arguments = options + ["-q"] + command
        process.environment = ProcessInfo.processInfo.environment.merging(parallelEnvironment()) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return ("", 127) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// Every host must run gst-warp-launch of this version: one error naming each that does not.
    func checkVersions(hostsFile: String, logins: [SSHLogin]) throws {
        let expected = Gst.pluginDescription(named: "timewarp")?.version ?? "?"
        let answer = onEveryHost(hostsFile: hostsFile, [Self.remoteCommand, "--version"])
        if answer.status == 127, answer.output.isEmpty {
            throw CLIError("cannot run GNU parallel: install it (apt-get install parallel)")
        }
        let problems = HostVersions.problems(output: answer.output, hosts: logins.map(\.name), expected: expected)
        guard problems.isEmpty else {
            throw CLIError("not every host can warp a chunk: " + problems.joined(separator: "; ")
                           + " (each host needs gst-warp-launch \(expected) on its PATH, or GST_WARP_LAUNCH_REMOTE_COMMAND)")
        }
    }

    /// Removes the jobs' folder on every remote host (what `--cleanup` left: an interrupted
    /// job's files). Hosts that do not answer are skipped.
    func cleanRemote(hostsFile: String, folder: String) {
        guard folder.hasPrefix(".gst-warp-chunks-") else { return }
        _ = onEveryHost(hostsFile: hostsFile, ["rm", "-rf", folder])
    }
}
