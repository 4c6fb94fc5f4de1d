// Where each HTTP/1.x response on a connection ends, and its status: all the closed loop needs to
// know of a response. It reads the status line and three headers (Content-Length,
// Transfer-Encoding, Connection), then counts the body off by length, by chunks or up to the
// connection's end (RFC 9112 §6.3), making one short string per response and none per body byte.
// A general parser (http-parser-js) cost about 2.5 µs a response here, a quarter of wrk's whole CPU
// per response.

export interface FramerEvents {
  /** Body bytes as they arrive (chunk framing removed); only for a caller that reads bodies. */
  body?(bytes: Buffer): void;
  /** A final response is complete; keepAlive: the connection may carry the next request. */
  complete(status: number, keepAlive: boolean): void;
}

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'until-close';

const crlfcrlf = Buffer.from('\r\n\r\n');
/** A head larger than this is not a response we can measure (node:http's limit is 16 KiB). */
const maxHeadBytes = 64 * 1024;

/** The value of the first header `name` (lower case) in a lower-cased head, or undefined. */
function headerValue(head: string, name: string): string | undefined {
  const at = head.indexOf(`\r\n${name}:`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  const end = head.indexOf('\r\n', start);
  return head.slice(start, end < 0 ? undefined : end).trim();
}

export class ResponseFramer {
  private state: State = 'head';
  /** A head split across reads, kept until its end arrives. */
  private partialHead: Buffer | undefined;
  private status = 0;
  private keepAlive = true;
  /** Body or chunk bytes still to come. */
  private remaining = 0;
  /** A chunk-size or trailer line split across reads. */
  private line = '';

  constructor(private readonly events: FramerEvents) {}

  /** Frames `length` bytes of `buffer`; returns what is wrong when they are not an HTTP/1.x response. */
  execute(buffer: Buffer, length: number): string | undefined {
    // Only the bytes read: a reused read buffer holds older bytes past them.
    let data = buffer.subarray(0, length);
    if (this.partialHead) {
      data = Buffer.concat([this.partialHead, data]);
      this.partialHead = undefined;
    }
    const end = data.length;
    let at = 0;
    while (at < end) {
      switch (this.state) {
        case 'head': {
          const headEnd = data.indexOf(crlfcrlf, at);
          if (headEnd < 0) {
            if (end - at > maxHeadBytes) return `a response head longer than ${maxHeadBytes} bytes`;
            this.partialHead = Buffer.from(data.subarray(at, end));
            return undefined;
          }
          const problem = this.readHead(data.toString('latin1', at, headEnd + 2));
          if (problem) return problem;
          at = headEnd + 4;
          break;
        }
        case 'length':
        case 'chunk-data':
        case 'until-close': {
          const take = this.state === 'until-close' ? end - at : Math.min(this.remaining, end - at);
          if (this.events.body && take > 0) this.events.body(data.subarray(at, at + take));
          at += take;
          this.remaining -= take;
          if (this.state === 'length' && this.remaining === 0) this.finish();
          else if (this.state === 'chunk-data' && this.remaining === 0) this.state = 'chunk-end';
          break;
        }
        case 'chunk-end':
        case 'chunk-size':
        case 'trailers': {
          const lineEnd = data.indexOf(10, at);
          if (lineEnd < 0) {
            this.line += data.toString('latin1', at, end);
            if (this.line.length > maxHeadBytes) return 'a chunk line that does not end';
            return undefined;
          }
          const line = (this.line + data.toString('latin1', at, lineEnd + 1)).replace(/\r?\n$/, '');
          this.line = '';
          at = lineEnd + 1;
          const problem = this.readLine(line);
          if (problem) return problem;
          break;
        }
      }
    }
    return undefined;
  }

  /** The connection has ended: a body that runs to the end is complete; one cut short is not. */
  end(): string | undefined {
    if (this.state === 'until-close') {
      this.finish();
      return undefined;
    }
    return this.state === 'head' && this.partialHead === undefined
      ? undefined
      : 'the connection ended inside a response';
  }

  /** The head up to the CRLF of its last header line. */
  private readHead(head: string): string | undefined {
    const statusLine = /^HTTP\/1\.([01]) (\d{3})(?: |\r\n)/.exec(head);
    if (!statusLine) return `not an HTTP/1.x status line: ${JSON.stringify(head.slice(0, 40))}`;
    const status = Number(statusLine[2]);
    const headers = head.toLowerCase();
    const connection = headerValue(headers, 'connection');
    // HTTP/1.1 keeps the connection unless told otherwise; HTTP/1.0 closes it unless told otherwise.
    this.keepAlive =
      statusLine[1] === '1' ? !/\bclose\b/.test(connection ?? '') : /\bkeep-alive\b/.test(connection ?? '');
    this.status = status;
    // An interim response (100 Continue, 103 Early Hints) has no body; the final one follows.
    if (status < 200) return undefined;
    const transferEncoding = headerValue(headers, 'transfer-encoding');
    const contentLength = headerValue(headers, 'content-length');
    if (status === 204 || status === 304) {
      this.finish();
    } else if (transferEncoding !== undefined && /\bchunked\s*$/.test(transferEncoding)) {
      this.state = 'chunk-size';
    } else if (contentLength !== undefined) {
      if (!/^\d+$/.test(contentLength)) return `a Content-Length that is not a number: ${contentLength}`;
      this.remaining = Number(contentLength);
      if (this.remaining === 0) this.finish();
      else this.state = 'length';
    } else {
      this.keepAlive = false;
      this.state = 'until-close';
    }
    return undefined;
  }

  private readLine(line: string): string | undefined {
    if (this.state === 'chunk-end') {
      if (line !== '') return 'chunk data longer than its size';
      this.state = 'chunk-size';
    } else if (this.state === 'chunk-size') {
      const size = /^([0-9a-fA-F]+)[ \t]*(;.*)?$/.exec(line);
      if (!size) return `not a chunk size: ${JSON.stringify(line.slice(0, 40))}`;
      this.remaining = parseInt(size[1]!, 16);
      this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
    } else if (line === '') {
      // The empty line after the trailers (usually none) ends the chunked body.
      this.finish();
    }
    return undefined;
  }

  private finish(): void {
    this.state = 'head';
    this.events.complete(this.status, this.keepAlive);
  }
}
