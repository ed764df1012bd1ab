// Starting, waiting for and stopping the stack's three servers (mariadbd,
// php-fpm, nginx). Each runs in the foreground of its own process group, so
// that a stop by process id also reaches the workers it forked (an nginx or
// php-fpm worker whose master died keeps the port or socket otherwise).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

// Starts `command` detached (own process group), its stdout/stderr appended to `logFile`.
export function startDaemon(name, command, args, { logFile, cwd, env = process.env }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out); // the child holds its own copy
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  return { name, pid: child.pid, child, exited, logFile };
}

const isAlive = (daemon) => daemon.child.exitCode === null && daemon.child.signalCode === null;

export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal); // negative pid: the whole process group
  } catch (error) {
    if (error.code !== 'ESRCH') throw error; // ESRCH: already gone
  }
}

// SIGTERM to the group, SIGKILL after `graceMs` if the leader is still there.
export async function stopDaemon(daemon, graceMs) {
  if (!isAlive(daemon)) return;
  killGroup(daemon.pid, 'SIGTERM');
  const timedOut = await Promise.race([
    daemon.exited.then(() => false),
    new Promise((resolve) => setTimeout(resolve, graceMs, true)),
  ]);
  if (timedOut) {
    killGroup(daemon.pid, 'SIGKILL');
    await daemon.exited;
  } else {
    killGroup(daemon.pid, 'SIGKILL'); // leftover workers of an exited master, if any
  }
}

export const tail = (file, chars = 3000) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-chars) : '(no log)');

// Polls `check` every 100 ms until it resolves true. Fails with a clear message
// (and the daemon's log) when the daemon exits first or `timeoutMs` passes.
export async function waitFor(daemon, what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  daemon.exited.then((result) => (exited = result));
  for (;;) {
    if (await check().catch(() => false)) return;
    const why = exited
      ? `${daemon.name} exited (code ${exited.code}, signal ${exited.signal}${exited.error ? `, ${exited.error.message}` : ''}) before ${what}`
      : Date.now() > deadline && `${what}: not after ${timeoutMs / 1000} s`;
    if (why) throw new Error(`[stack] ${why}\n--- ${daemon.logFile} (end) ---\n${tail(daemon.logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// True once something accepts TCP connections on 127.0.0.1:port (or the unix socket `path`).
export function canConnect(target) {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    socket.setTimeout(1000);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
    socket.once('error', () => resolve(false));
  });
}
