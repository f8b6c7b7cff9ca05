// A free TCP port on 127.0.0.1 (the OS picks it), for processes started side by side.
const net = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

module.exports = { freePort };
