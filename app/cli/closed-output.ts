// A reader that goes away before the command has printed everything (`msgapi check --list | head -3`)
// is no error of the command: what is left to print has nobody to read it. Node reports it as an
// 'error' event on the stream (EPIPE), which unhandled ends the process with a stack trace. Here
// it is swallowed and whatever the command does still runs to its end (a run still cleans up what
// it created and writes its reports), with nothing more printed to that stream.

/** The codes of a write to a pipe whose reader has gone, and of every write after it. */
const readerGone = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/** Ignores the end of `stream`'s reader; any other error of the stream is thrown as before. */
export function ignoreClosedReader(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (readerGone.has(error.code ?? '')) return;
    throw error;
  });
}
