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
