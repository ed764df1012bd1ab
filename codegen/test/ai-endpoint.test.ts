/**
 * MVS_AI_Endpoint (plugin-core/includes/ai/class-mvs-ai-endpoint.php), run in
 * php-cli: the HTTP AI provider may send the stored key and members' images
 * only to an https URL on a public host, unless the site defines
 * MVS_AI_ALLOW_PRIVATE_ENDPOINTS (issue 11, finding 5).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
// A fresh CI machine has no php-cli until something installs it (the native
// stack does, but it runs after the unit tests): install it here, as root,
// the way the stack installs its packages, or fail saying how.
// @ts-expect-error a plain JavaScript module of the e2e runner (node runs it without a build step)
import { ensureDebianPackages } from '../../e2e/site/system-packages.mjs';

const CLASS_FILE = join(import.meta.dirname, '..', '..', 'plugin-core', 'includes', 'ai', 'class-mvs-ai-endpoint.php');

function php(calls: string): unknown {
	const code = `define('ABSPATH', '/'); require ${JSON.stringify(CLASS_FILE)}; echo json_encode(${calls});`;
	return JSON.parse(execFileSync('php', ['-r', code]).toString());
}

describe('MVS_AI_Endpoint', () => {
	before(() => ensureDebianPackages(['php-cli'], { label: 'unit' }));

	test('without the constant: https on a public host only', () => {
		const urls = [
			'https://api.openai.com/v1/chat/completions',
			'https://8.8.8.8/v1',
			'http://api.openai.com/v1/chat/completions',
			'https://127.0.0.1:8080/v1',
			'https://10.1.2.3/v1',
			'https://192.168.1.10/v1',
			'https://169.254.169.254/latest/meta-data',
			'https://[::1]/v1',
			'https://localhost/v1',
			'https://model.localhost/v1',
			'ftp://example.com/x',
			'not a url',
		];
		const verdicts = php(`array_map(static fn($u) => MVS_AI_Endpoint::refusal($u, false), ${JSON.stringify(urls).replace(/^\[/, 'array(').replace(/\]$/, ')')})`);
		assert.deepEqual(verdicts, ['', '', 'not_https', 'private_host', 'private_host', 'private_host', 'private_host', 'private_host', 'private_host', 'private_host', 'invalid', 'invalid']);
	});

	// Issue 23, row 10: resolvers read one number, hex, octal and short-dotted
	// forms as IPv4 addresses, and IPv6 can embed one; PHP's IP filter knows
	// none of them, nor carrier-grade NAT.
	test('every spelling of a non-public address is refused', () => {
		const cases: Record<string, string> = {
			'https://2852039166/': 'private_host', // 169.254.169.254 as one number
			'https://0x7f000001/': 'private_host',
			'https://0X7F.1/': 'private_host',
			'https://0177.0.0.1/': 'private_host', // octal
			'https://017700000001/': 'private_host',
			'https://127.1/': 'private_host',
			'https://10.1/': 'private_host',
			'https://0/': 'private_host',
			'https://0.0.0.0/': 'private_host',
			'https://100.64.0.1/': 'private_host', // carrier-grade NAT
			'https://100.127.255.254/': 'private_host',
			'https://169.254.169.254./': 'private_host', // a final dot
			'https://172.31.255.255/': 'private_host',
			'https://192.168.0.1/': 'private_host',
			'https://224.0.0.1/': 'private_host',
			'https://255.255.255.255/': 'private_host',
			'https://[::ffff:127.0.0.1]/': 'private_host', // IPv4-mapped
			'https://[::ffff:7f00:1]/': 'private_host',
			'https://[::ffff:a9fe:a9fe]/': 'private_host',
			'https://[::127.0.0.1]/': 'private_host', // IPv4-compatible
			'https://[64:ff9b::a9fe:a9fe]/': 'private_host', // NAT64
			'https://[2002:7f00:1::]/': 'private_host', // 6to4
			'https://[::]/': 'private_host',
			'https://[fc00::1]/': 'private_host',
			'https://[fd12:3456::1]/': 'private_host',
			'https://[fe80::1]/': 'private_host',
			'https://[FEBF::1]/': 'private_host',
			'https://[ff02::1]/': 'private_host',
			'https://134744072/': 'invalid', // 8.8.8.8, but not as four decimal octets
			'https://4294967296/': 'invalid', // no address at all
			'https://127.0.0.256/': 'invalid',
			'https://08.0.0.1/': 'invalid',
			'https://1.2.3.4.5/': 'invalid',
			'https://api.123/': 'invalid', // ends in a number
			'https://%31%32%37.0.0.1/': 'invalid',
			'https://[fe80::1%25eth0]/': 'invalid',
			'https://100.128.0.1/': '',
			'https://172.32.0.1/': '',
			'https://[2606:4700:4700::1111]/': '',
			'https://[::ffff:8.8.8.8]/': '',
			'https://api.openai.com./v1': '',
			'https://1password.example/v1': '',
		};
		const urls = Object.keys(cases);
		const verdicts = php(`array_map(static fn($u) => MVS_AI_Endpoint::refusal($u, false), ${JSON.stringify(urls).replace(/^\[/, 'array(').replace(/\]$/, ')')})`);
		assert.deepEqual(Object.fromEntries(urls.map((url, i) => [url, (verdicts as string[])[i]])), cases);
		// The owner's explicit choice (MVS_AI_ALLOW_PRIVATE_ENDPOINTS) still allows them.
		assert.equal(php(`MVS_AI_Endpoint::refusal('https://0x7f000001/', true)`), '');
	});

	test('the address is checked again when the request is made (DNS rebinding)', () => {
		const connect = (url: string, resolved: string[] | false) =>
			php(`MVS_AI_Endpoint::connect_address(${JSON.stringify(url)}, static fn($h) => ${resolved === false ? 'false' : `array(${resolved.map((a) => JSON.stringify(a)).join(', ')})`})`);
		assert.deepEqual(connect('https://api.example.com/v1', ['93.184.216.34']), ['', '93.184.216.34']);
		assert.deepEqual(connect('https://api.example.com/v1', ['169.254.169.254']), ['private_host', '']);
		assert.deepEqual(connect('https://api.example.com/v1', ['93.184.216.34', '100.64.0.1']), ['private_host', '']);
		assert.deepEqual(connect('https://api.example.com/v1', ['not an address']), ['private_host', '']);
		assert.deepEqual(connect('https://api.example.com/v1', false), ['unresolved', '']);
		// An address needs no lookup, nor pinning; it is judged as itself.
		assert.deepEqual(connect('https://8.8.8.8/v1', false), ['', '']);
		// The system resolver by default: localhost resolves to loopback.
		assert.deepEqual(php(`MVS_AI_Endpoint::connect_address('https://localhost/v1')`), ['private_host', '']);
	});

	test('with the constant: http and private hosts too, still only http(s) URLs', () => {
		assert.deepEqual(php(`array(MVS_AI_Endpoint::refusal('http://127.0.0.1:9/v1', true), MVS_AI_Endpoint::refusal('file:///etc/passwd', true))`), ['', 'invalid']);
		assert.equal(php(`MVS_AI_Endpoint::allows_private()`), false);
	});

	test('the key is bound to scheme, host and port', () => {
		assert.deepEqual(
			php(`array(MVS_AI_Endpoint::origin('https://API.openai.com/v1/a'), MVS_AI_Endpoint::origin('https://api.openai.com:443/v2'), MVS_AI_Endpoint::origin('http://127.0.0.1:8080/x'))`),
			['https://api.openai.com:443', 'https://api.openai.com:443', 'http://127.0.0.1:8080'],
		);
	});
});
