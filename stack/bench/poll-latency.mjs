// Delivery latency of the message long-poll (issue 26): from the start of a
// send (POST /conversations/{id}/messages) to the moment a waiting
// GET /messages/poll delivers that message, with 2 polls open on the
// stack's 4 PHP-FPM workers while another route keeps being loaded; and that
// route's p50 without and with the polls open. Goal: p99 <= 1.5 s, the other
// route not slower than 1.5x. docs/messaging.md, "Long-poll".
import { percentile } from './stats.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {object} o
 * @param {string} o.url Site URL.
 * @param {object} o.users Fixture users (member, member2: id, login, appPassword).
 * @param {(o: object) => Promise<{p50: number, p99: number, rps: number}>} o.load The runner's httpLoad.
 * @param {(line: string) => void} o.log
 * @param {number} [o.sends] Messages sent.
 */
export async function measurePollLatency({ url, users, load, log, sends = 40 }) {
  const basic = (user) => ({ authorization: `Basic ${Buffer.from(`${user.login}:${user.appPassword}`).toString('base64')}` });
  const sender = basic(users.member);
  const receiver = basic(users.member2);
  const json = async (path, init = {}) => {
    const res = await fetch(url + path, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  const post = (path, headers, body) => json(path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const conversation = await post('/wp-json/mvs/v1/conversations', sender, { recipient_id: users.member2.id });
  const start = await post(`/wp-json/mvs/v1/conversations/${conversation.id}/messages`, sender, { content: 'poll bench start' });

  // The other routes: the member's inbox, alone first, then while the polls are open.
  const other = { url: `${url}/wp-json/mvs/v1/media?per_page=20`, connections: 2, duration: 4 };
  const alone = await load(other);

  const sentAt = new Map();
  const arrivals = [];
  let running = true;
  // Two open polls of the recipient: one on the conversation, one on all of them.
  const poller = async (conversationId) => {
    let since = start.id;
    while (running) {
      const query = `since=${since}&conversation_id=${conversationId}&timeout=10`;
      const answer = await json(`/wp-json/mvs/v1/messages/poll?${query}`, { headers: receiver });
      const now = performance.now();
      for (const message of answer.messages) arrivals.push({ id: message.id, at: now });
      since = answer.last_id;
    }
  };
  const polls = [poller(conversation.id), poller(0)];
  await sleep(500);
  const busy = load({ ...other, duration: Math.ceil((sends * 0.6) + 2) });
  let last = 0;
  for (let i = 0; i < sends; i++) {
    await sleep(200 + Math.random() * 400);
    const t0 = performance.now();
    const message = await post(`/wp-json/mvs/v1/conversations/${conversation.id}/messages`, sender, { content: `poll bench ${i}` });
    sentAt.set(message.id, t0);
    last = message.id;
  }
  const during = await busy;
  // Both polls have the last message, or give up after 15 s.
  for (let waited = 0; waited < 15_000 && arrivals.filter((a) => a.id === last).length < 2; waited += 100) await sleep(100);
  running = false;
  // A message to end the polls' last wait at once.
  await post(`/wp-json/mvs/v1/conversations/${conversation.id}/messages`, sender, { content: 'poll bench end' });
  await Promise.all(polls);

  const latencies = arrivals.filter((a) => sentAt.has(a.id)).map((a) => a.at - sentAt.get(a.id));
  const result = {
    sends,
    deliveries: latencies.length,
    expected: sends * 2,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: Math.max(...latencies),
    otherRoute: { path: '/mvs/v1/media?per_page=20', p50Alone: alone.p50, p50WithPolls: during.p50, ratio: during.p50 / alone.p50 },
  };
  log(`poll latency: ${result.deliveries}/${result.expected} deliveries, p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms; GET /media p50 ${alone.p50.toFixed(1)} ms alone, ${during.p50.toFixed(1)} ms with 2 polls open (${result.otherRoute.ratio.toFixed(2)}x)`);
  return result;
}
