// `npm run lint`: ESLint and PHPCS side by side (each uses about one core),
// their output kept apart, failing when either finds something.
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ script, code, output }));
  });

const results = await Promise.all([run('lint:js'), run('lint:php')]);
for (const { script, code, output } of results) {
  console.log(`── ${script}: ${code === 0 ? 'clean' : 'findings'}`);
  if (code !== 0) process.stdout.write(output);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
