// `npm run stack:down`: stops a stack that `npm run stack:up` runs in the
// background (e.g. `npm run stack:up &`), the one on MVS_PORT (default 9500);
// `npm run stack:down -- --all` stops every native stack of this machine,
// test runs' included.
//
// Each stack's temp folder holds stack.json: the process that owns the stack
// and the servers' process ids. The owner is asked first (SIGTERM: it stops its
// servers and deletes the folder itself); if it is gone or does not finish,
// the servers are stopped here by process id and the folder is deleted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killGroup } from './daemons.mjs';
import { STATE_FILE, TMP_PREFIX } from './native-site.mjs';

const OWNER_GRACE_MS = 20_000;
const SERVER_GRACE_MS = 5_000;

const all = process.argv.includes('--all');
const port = Number(process.env.MVS_PORT || 9500);

const stacks = fs
  .readdirSync(os.tmpdir())
  .filter((name) => name.startsWith(TMP_PREFIX))
  .map((name) => path.join(os.tmpdir(), name, STATE_FILE))
  .filter((file) => fs.existsSync(file))
  .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')))
  .filter((state) => all || new URL(state.url).port === String(port));

if (stacks.length === 0) {
  console.log(all ? 'No native stack is running.' : `No native stack on port ${port} (MVS_PORT; --all stops every one).`);
  process.exit(0);
}

for (const state of stacks) {
  console.log(`Stopping ${state.url} (${state.label}, owner pid ${state.ownerPid})…`);
  // A pid may have been reused since: only signal a process whose command line fits.
  if (isProcess(state.ownerPid, 'node')) {
    process.kill(state.ownerPid, 'SIGTERM');
    await until(() => !fs.existsSync(state.tmp), OWNER_GRACE_MS);
  }
  for (const { name, pid } of state.daemons) {
    if (!isProcess(pid, name)) continue;
    killGroup(pid, 'SIGTERM');
    if (!(await until(() => !isProcess(pid, name), SERVER_GRACE_MS))) killGroup(pid, 'SIGKILL');
  }
  fs.rmSync(state.tmp, { recursive: true, force: true });
  console.log(`Stopped ${state.url}.`);
}

function isProcess(pid, name) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(name);
  } catch {
    return false; // no such process
  }
}

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}
