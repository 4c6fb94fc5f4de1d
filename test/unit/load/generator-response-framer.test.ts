// The closed loop's response framing (load/response-framer.ts): each response's status, whether
// the connection stays open, and its body, whatever way the bytes are cut into reads.
import { describe, expect, it } from 'vitest';
import { ResponseFramer } from '../../../load/response-framer.ts';

interface Framed {
  responses: Array<{ status: number; keepAlive: boolean; body: string }>;
  problem: string | undefined;
}

/** Frames `wire` delivered in the given reads, through one reused read buffer as the loop does. */
function frame(reads: Buffer[], ended = false): Framed {
  const framed: Framed = { responses: [], problem: undefined };
  let body = '';
  const framer = new ResponseFramer({
    body: (bytes) => void (body += bytes.toString('latin1')),
    complete: (status, keepAlive) => {
      framed.responses.push({ status, keepAlive, body });
      body = '';
    },
  });
  const readBuffer = Buffer.alloc(64 * 1024, 'Z');
  for (const read of reads) {
    read.copy(readBuffer);
    framed.problem ??= framer.execute(readBuffer, read.length);
  }
  if (ended) framed.problem ??= framer.end();
  return framed;
}

/** Every way of cutting the bytes in two reads, and one byte per read. */
function cuts(wire: string): Buffer[][] {
  const bytes = Buffer.from(wire, 'latin1');
  const inTwo = Array.from({ length: bytes.length + 1 }, (_, at) => [bytes.subarray(0, at), bytes.subarray(at)]);
  return [...inTwo, Array.from(bytes, (byte) => Buffer.from([byte]))];
}

const cases: Array<{ name: string; wire: string; ended?: boolean; expected: Framed['responses'] }> = [
  {
    name: 'Content-Length, twice on one connection',
    wire: 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\ncontent-length: 11\r\n\r\n{"data":[]}HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}',
    expected: [
      { status: 200, keepAlive: true, body: '{"data":[]}' },
      { status: 404, keepAlive: true, body: '{}' },
    ],
  },
  {
    name: 'chunks with an extension and a trailer',
    wire: 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=x\r\n{"dat\r\n6\r\na":[]}\r\n0\r\nX-Trailer: 1\r\n\r\n',
    expected: [{ status: 200, keepAlive: true, body: '{"data":[]}' }],
  },
  {
    name: 'no body: 204 and 304, whatever Content-Length says',
    wire: 'HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n',
    expected: [
      { status: 204, keepAlive: true, body: '' },
      { status: 304, keepAlive: true, body: '' },
    ],
  },
  {
    name: 'an interim 100 before the final response',
    wire: 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}',
    expected: [{ status: 200, keepAlive: true, body: '{}' }],
  },
  {
    name: 'Connection: close',
    wire: 'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}',
    expected: [{ status: 503, keepAlive: false, body: '{}' }],
  },
  {
    name: 'HTTP/1.0 with keep-alive and a length',
    wire: 'HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\n{}',
    expected: [{ status: 200, keepAlive: true, body: '{}' }],
  },
  {
    name: 'HTTP/1.0, the body running to the end of the connection',
    wire: 'HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"data":[]}',
    ended: true,
    expected: [{ status: 200, keepAlive: false, body: '{"data":[]}' }],
  },
];

describe('the response framer', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: the same responses, however the reads cut the bytes',
    (_name, c) => {
      for (const reads of cuts(c.wire)) {
        const framed = frame(reads, c.ended);
        expect(framed.problem, `reads of ${reads.map((read) => read.length).join('+')} bytes`).toBeUndefined();
        expect(framed.responses, `reads of ${reads.map((read) => read.length).join('+')} bytes`).toEqual(c.expected);
      }
    },
  );

  it('does not complete a body that runs to the end before the end', () => {
    expect(frame([Buffer.from('HTTP/1.1 200 OK\r\n\r\n{"da')]).responses).toEqual([]);
  });

  it.each([
    ['a status line that is not HTTP/1.x', 'SPDY/3 200 OK\r\n\r\n', false, /not an HTTP\/1\.x status line/],
    [
      'a Content-Length that is not a number',
      'HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n',
      false,
      /Content-Length that is not a number/,
    ],
    [
      'a chunk size that is not hexadecimal',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      false,
      /not a chunk size/,
    ],
    [
      'chunk data longer than its size',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n',
      false,
      /longer than its size/,
    ],
    [
      'a connection that ends inside a response',
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab',
      true,
      /ended inside a response/,
    ],
  ] as const)('says what is wrong with %s', (_name, wire, ended, problem) => {
    const framed = frame([Buffer.from(wire, 'latin1')], ended);
    expect(framed.problem).toMatch(problem);
    expect(framed.responses).toEqual([]);
  });
});
