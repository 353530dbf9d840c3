//! poppler's tools (`pdfinfo`, `pdftoppm`, `pdftotext`), and Tesseract for the pictures of bank statements,
//! pictures, as bounded child processes. The PDF goes in through
//! the tool's standard input and the answer comes out of its standard output, never through
//! files: a document of an encrypted database must not leave a decrypted copy in the temporary
//! directory. Each run is bounded three ways:
//!
//! - time: the child is killed at its deadline (in Rust, not through `timeout(1)`, which
//!   macOS lacks);
//! - memory: on Linux the child's address space is limited with `prlimit(2)` right after it
//!   starts, before it has been sent a byte of the PDF (it reads the whole document before
//!   parsing it), so its parsing and rendering run under the limit; the workspace forbids
//!   `unsafe`, which a `setrlimit` in `pre_exec` would need. Elsewhere the deadline and the
//!   output bound hold alone;
//! - output: at most a bounded number of bytes is read; a tool that writes more is cut off
//!   (its pipe closes, it ends) and refused.
//!
//! A tool that is not installed is [`Failure::Missing`], found when it cannot be started: no
//! pipe is ever opened to a process that is not there. A tool that stops reading early breaks
//! its input pipe: that is an error value of the write (a serving process ignores SIGPIPE, see
//! `docket serve`), and the tool's exit status says what happened.

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How a tool's run is bounded.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    /// Killed after this long.
    pub deadline: Duration,
    /// Its address space, in bytes (Linux).
    pub memory: u64,
    /// The most bytes of output taken.
    pub output: usize,
}

/// Why a tool gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failure {
    /// Not installed (or not on the `PATH`).
    Missing,
    /// Killed at its deadline.
    TimedOut(Duration),
    /// Wrote more than its bound, and was cut off.
    TooMuchOutput(usize),
    /// Ended without success (a damaged PDF, a memory limit reached), or could not be run.
    Failed(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Missing => f.write_str("it is not installed"),
            Failure::TimedOut(after) => write!(f, "it took longer than {} s and was stopped", after.as_secs()),
            Failure::TooMuchOutput(bound) => write!(f, "it wrote more than {bound} bytes and was stopped"),
            Failure::Failed(why) => f.write_str(why),
        }
    }
}

/// How often a running tool is looked at.
const POLL: Duration = Duration::from_millis(10);

/// Runs `tool args... -` with `pdf` on its standard input; its standard output, if it succeeds
/// within its bounds.
pub(crate) fn run(tool: &str, args: &[&str], pdf: &[u8], bounds: Bounds) -> Result<Vec<u8>, Failure> {
    let mut all = args.to_vec();
    all.push("-");
    run_args(tool, &all, pdf, bounds)
}

/// Runs `tool args...` (which name standard input and output in the tool's own way) with
/// `input` on its standard input, bounded as [`run`] is.
pub(crate) fn run_args(tool: &str, args: &[&str], input: &[u8], bounds: Bounds) -> Result<Vec<u8>, Failure> {
    let pdf = input;
    let mut child = match Command::new(tool)
        .args(args)
        // One thread: Tesseract's OpenMP would take every core for one page (the heavy-work
        // slots already bound how many run at once); poppler ignores it.
        .env("OMP_THREAD_LIMIT", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Failure::Missing),
        Err(e) => return Err(Failure::Failed(format!("{tool} could not be started: {e}"))),
    };
    if let Err(why) = limit_memory(child.id(), bounds.memory) {
        let _ = child.kill();
        let _ = child.wait();
        return Err(Failure::Failed(format!("{tool} could not be limited: {why}")));
    }
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(Failure::Failed(format!("{tool} has no pipes")));
    };
    let deadline = Instant::now() + bounds.deadline;
    let (status, output) = std::thread::scope(|scope| {
        // Fed from a thread of its own while the output is read, so that neither side waits for
        // the other with a full pipe.
        scope.spawn(move || {
            // A tool that stops reading breaks the pipe: its exit status tells why.
            let _ = stdin.write_all(pdf);
        });
        let reader = scope.spawn(move || {
            let mut out = Vec::new();
            let read = stdout.take(bounds.output as u64 + 1).read_to_end(&mut out);
            // Dropping the pipe here ends a tool that writes past the bound.
            read.map(|_| out)
        });
        let status = wait_until(&mut child, deadline);
        let output = reader.join().unwrap_or_else(|_| Err(std::io::Error::other("the reader panicked")));
        (status, output)
    });
    let status = status.map_err(|Stop| Failure::TimedOut(bounds.deadline))?;
    let output = output.map_err(|e| Failure::Failed(format!("{tool}'s output could not be read: {e}")))?;
    if output.len() > bounds.output {
        return Err(Failure::TooMuchOutput(bounds.output));
    }
    match status {
        Ok(status) if status.success() => Ok(output),
        Ok(status) => Err(Failure::Failed(format!("{tool} failed ({status})"))),
        Err(e) => Err(Failure::Failed(format!("{tool} could not be waited for: {e}"))),
    }
}

/// The deadline passed and the child was killed.
struct Stop;

/// The child's exit, or [`Stop`] once it was killed at the deadline.
fn wait_until(child: &mut std::process::Child, deadline: Instant) -> Result<std::io::Result<ExitStatus>, Stop> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(Ok(status)),
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Stop);
            }
            Ok(None) => std::thread::sleep(POLL),
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(Err(e));
            }
        }
    }
}

/// Limits a child's address space (and keeps it from writing a core file when it reaches it).
/// The child is not yet waited for, so its id cannot have been reused.
#[cfg(all(target_os = "linux", any(target_env = "gnu", target_env = "musl")))]
fn limit_memory(pid: u32, bytes: u64) -> std::io::Result<()> {
    let pid = i32::try_from(pid).map_err(std::io::Error::other)?;
    rlimit::prlimit(pid, rlimit::Resource::AS, Some((bytes, bytes)), None)?;
    rlimit::prlimit(pid, rlimit::Resource::CORE, Some((0, 0)), None)
}

#[cfg(not(all(target_os = "linux", any(target_env = "gnu", target_env = "musl"))))]
fn limit_memory(_pid: u32, _bytes: u64) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: Bounds = Bounds { deadline: Duration::from_secs(5), memory: 256 << 20, output: 1 << 20 };

    #[test]
    fn a_missing_tool_is_missing_and_no_pipe_is_written() {
        let big = vec![b'%'; 256 * 1024];
        assert_eq!(run("docket-no-such-tool", &[], &big, BOUNDS), Err(Failure::Missing));
    }

    #[test]
    fn a_tool_that_reads_nothing_breaks_its_pipe_without_a_signal() {
        // `true` exits at once: writing 1 MiB into its closed pipe is an error value here (Rust
        // test binaries ignore SIGPIPE, as `docket serve` does).
        let big = vec![b'%'; 1 << 20];
        assert_eq!(run("true", &[], &big, BOUNDS), Ok(Vec::new()));
        assert!(matches!(run("false", &[], &big, BOUNDS), Err(Failure::Failed(_))));
    }

    #[test]
    fn output_is_read_whole_within_its_bound_and_cut_past_it() {
        // `cat -` echoes its input.
        let input = vec![b'x'; 100_000];
        assert_eq!(run("cat", &[], &input, BOUNDS), Ok(input.clone()));
        let small = Bounds { output: 1000, ..BOUNDS };
        assert_eq!(run("cat", &[], &input, small), Err(Failure::TooMuchOutput(1000)));
    }

    #[test]
    fn a_tool_past_its_deadline_is_killed() {
        // The `-` the runner adds becomes the shell's `$0`; `exec` leaves no grandchild holding
        // the pipes.
        let quick = Bounds { deadline: Duration::from_millis(300), ..BOUNDS };
        let started = Instant::now();
        let outcome = run("sh", &["-c", "exec sleep 30"], b"", quick);
        assert!(matches!(outcome, Err(Failure::TimedOut(_))), "{outcome:?}");
        assert!(started.elapsed() < Duration::from_secs(3), "killed at the deadline: {:?}", started.elapsed());
    }

    #[cfg(all(target_os = "linux", any(target_env = "gnu", target_env = "musl")))]
    #[test]
    fn a_tool_past_its_memory_bound_fails() {
        // dd allocates its 100 MiB block at once.
        let dd = ["-c", "exec dd bs=100M count=1 if=/dev/zero of=/dev/null"];
        let tight = Bounds { memory: 32 << 20, ..BOUNDS };
        let outcome = run("sh", &dd, b"", tight);
        assert!(matches!(outcome, Err(Failure::Failed(_))), "{outcome:?}");
        assert_eq!(run("sh", &dd, b"", BOUNDS), Ok(Vec::new()));
    }
}
