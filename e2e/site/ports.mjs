// Port helpers. The Playground CLI listens on all interfaces of the port it is
// given and, when that port is taken, dies with a bare EADDRINUSE stack trace
// after seconds of booting; checking first gives a clear, immediate error.
import net from 'node:net';

function canListen(options) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(options, () => server.close(() => resolve(true)));
  });
}

// Checked both ways: the unspecified address is what the CLI binds; 127.0.0.1
// catches a server bound to loopback only on systems where the two don't clash.
export async function isPortFree(port) {
  return (await canListen({ port })) && (await canListen({ port, host: '127.0.0.1' }));
}

// A port the kernel just handed out; free unless something grabs it in the meantime.
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
