// A free TCP port for processes started side by side (npm start with PORTS=auto, benches, tests).
// Ports come from 20000–31999, below the kernel's ephemeral range (net.ipv4.ip_local_port_range,
// 32768–60999 by default): a port the OS hands out for listen(0) or an outgoing connection could be
// taken by another process between this check and the caller's own listen, which CI saw as
// EADDRINUSE while many suites ran at once. A port is given once per process.
const net = require('node:net');

const LOW = 20000;
const HIGH = 32000;
const given = new Set();

function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    // 0.0.0.0: conflicts with a listener on any address, as the services listen on HOST 0.0.0.0.
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

async function freePort() {
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (given.has(port)) continue;
    if (await canListen(port)) {
      given.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${LOW} and ${HIGH - 1}`);
}

module.exports = { freePort };
