// CPU time spent per request by each server of the stack, read from /proc
// around each measured round. Throughput ratios say how much dearer a route
// is; this says where the difference goes (PHP, MariaDB, nginx or the load
// generator), in core-milliseconds. On a shared VM the CPU time per request
// moves with the neighbours too (caches, clock), so its ratios are read on
// medians like the throughput's.
//
// Linux only: /proc/<pid>/task/<tid>/schedstat's first field is the time the
// thread ran, in nanoseconds (finer than utime/stime's 10 ms ticks). Every
// thread of every process below a daemon's PID is counted, so php-fpm's
// workers and MariaDB's connection threads are in.
import fs from 'node:fs';

/** PIDs of `root` and every process below it, from /proc/<pid>/stat's parent field. */
export function processTree(root) {
  const parents = new Map();
  for (const name of safeReaddir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = safeRead(`/proc/${name}/stat`);
    // The command name (field 2) may hold spaces and parentheses: the fields after the last ')' are fixed.
    const after = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (after) parents.set(Number(name), Number(after[1]));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  return tree.filter((pid) => parents.has(pid));
}

/** Nanoseconds on a CPU of every thread of the given processes (gone threads count nothing). */
export function cpuNanos(pids) {
  let total = 0;
  for (const pid of pids) {
    for (const tid of safeReaddir(`/proc/${pid}/task`)) {
      const line = safeRead(`/proc/${pid}/task/${tid}/schedstat`);
      if (line) total += Number(line.split(' ')[0]) || 0;
    }
  }
  return total;
}

/**
 * A meter over named daemons ({ name: root PID }) and this process (the
 * load generator, "client"). `sample()` returns nanoseconds per part;
 * `perRequest(before, after, requests)` turns two samples into
 * milliseconds per request, with their total. The process trees are read
 * once: the stack's servers keep their workers for its whole life
 * (php-fpm's static pool, nginx's workers, MariaDB's one process).
 * Where /proc has no per-thread schedstat, samples are null and so is
 * every round's CPU (the report then leaves its CPU table out).
 */
export function cpuMeter(daemons) {
  const trees = Object.fromEntries(Object.entries(daemons).map(([name, pid]) => [name, processTree(pid)]));
  // Without Linux's per-thread schedstat (another OS, or a kernel built without it) nothing is measured.
  const available = fs.existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`);
  return {
    parts: [...Object.keys(trees), 'client'],
    sample() {
      if (!available) return null;
      const usage = process.cpuUsage();
      return { ...Object.fromEntries(Object.entries(trees).map(([name, pids]) => [name, cpuNanos(pids)])), client: (usage.user + usage.system) * 1000 };
    },
    perRequest(before, after, requests) {
      if (!before || !after) return null;
      const out = {};
      let total = 0;
      for (const part of Object.keys(after)) {
        const ms = requests > 0 ? (after[part] - before[part]) / 1e6 / requests : null;
        out[part] = ms;
        total += ms ?? 0;
      }
      out.total = requests > 0 ? total : null;
      return out;
    },
  };
}

function safeReaddir(dir) {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function safeRead(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
