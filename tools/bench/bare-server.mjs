// The floor under the reference server: node:http answering every request with one fixed JSON
// body, built once, of the byte size given as the only argument. Plain JavaScript run by node
// itself (no tsx loader), so that nothing but node:http stands between the socket and the body.
import { createServer } from 'node:http';

// Valid JSON of exactly `size` bytes: a list envelope padded with one string of ASCII.
const envelope = '{"data":[],"has_more":false,"pad":""}';
const size = Number(process.argv[2]);
if (!Number.isInteger(size) || size < envelope.length) {
  console.error(
    `bare-server: the body size must be an integer of at least ${envelope.length} bytes, not ${process.argv[2]}`,
  );
  process.exit(2);
}
const body = Buffer.from(envelope.replace('"pad":""', `"pad":"${'x'.repeat(size - envelope.length)}"`));
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`BASE_URL=http://127.0.0.1:${port} BODY_BYTES=${body.length}`);
});

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
