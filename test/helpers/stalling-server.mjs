// A server that answers a fixed list page at once, except that once a second it stalls its event
// loop for STALL_MS (default 100): what a garbage-collection pause or a blocking call does to a
// real server. Run as its own process so that the load generator's clock does not stall with it.
// Prints its port, then serves until killed.
import { createServer } from 'node:http';

const stallMs = Number(process.env.STALL_MS ?? 100);
const body = JSON.stringify({ has_more: false, data: [] });
const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(server.address().port);
  setInterval(() => {
    const until = Date.now() + stallMs;
    while (Date.now() < until);
  }, 1000);
});
process.on('SIGTERM', () => process.exit(0));
