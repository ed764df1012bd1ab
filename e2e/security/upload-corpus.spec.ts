/**
 * The upload-attack corpus: files built here, byte by byte, that try to get
 * code onto the server or active content onto the site's origin. Each is
 * either refused with the code written next to it, or stored inert: served
 * back through /serve as the bytes that were sent (never executed), with a
 * media content type, nosniff and a Content-Disposition.
 */
import { deflateSync } from 'node:zlib';
import type { MvsFile } from '../../client/src/client';
import { encodeJpeg, exifTiff, gifWithMeta, imageStructure, pngWithChunks, webpWithMeta } from '../support/media-files';
import { encodePng, expect, makeBlocksPng, pngChunk, test } from '../support/mvs';
import { clientFor, count, freshBucket, type Client } from './support/http';

test.describe.configure({ mode: 'parallel' });

type Expectation =
	/** Refused with one of these codes. */
	| { refused: string[] }
	/** Either refused with one of these codes or stored inert. */
	| { refusedOrInert: string[] };

interface Attack {
	label: string;
	file: MvsFile;
	expect: Expectation;
}

const PHP = '<?php echo "ex" . "ecuted-" . (6 * 7); ?>';
/** What PHP prints if it ever runs one of these files. */
const EXECUTED = 'executed-42';

const png = () => makeBlocksPng(16, 16, Math.floor(Math.random() * 0xffffff));
const file = (name: string, mimeType: string, bytes: Buffer | string): MvsFile => ({ name, mimeType, buffer: typeof bytes === 'string' ? Buffer.from(bytes) : bytes });

/** A PNG whose header claims width×height pixels but carries ten rows of data: a few hundred bytes. */
function claimedPng(width: number, height: number): Buffer {
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(width, 0);
	ihdr.writeUInt32BE(height, 4);
	ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
	return Buffer.concat([
		Buffer.from('89504e470d0a1a0a', 'hex'),
		pngChunk('IHDR', ihdr),
		pngChunk('IDAT', deflateSync(Buffer.alloc(10 * (1 + width * 3)))),
		pngChunk('IEND', Buffer.alloc(0)),
	]);
}

/** A PNG with a tEXt chunk holding `text`. */
function pngWithText(text: string): Buffer {
	return encodePng(4, 4, () => [10, 20, 30], text);
}

/** A minimal baseline JPEG header (SOI, APP1 Exif with `exif`, SOF0 8x8, EOI): enough for finfo and getimagesize. */
function jpegWithExif(exif: string): Buffer {
	const app1Data = Buffer.concat([Buffer.from('Exif\0\0'), Buffer.from(exif)]);
	const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), u16(app1Data.length + 2), app1Data]);
	const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x08, 0x00, 0x08, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
	return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])]);
}

function u16(n: number): Buffer {
	const b = Buffer.alloc(2);
	b.writeUInt16BE(n);
	return b;
}

const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';
const HTML = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
const XXE = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
const PDF_HEAD = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
const PDF_TAIL = 'trailer << /Root 1 0 R >>\n%%EOF\n';
const TYPE = ['mvs_invalid_type'];
const NAME = ['mvs_blocked_extension'];

const attacks: Attack[] = [
	{ label: 'PHP source named .jpg', file: file('shell.jpg', 'image/jpeg', PHP), expect: { refused: TYPE } },
	{ label: 'PHP source named .php', file: file('shell.php', 'application/x-php', PHP), expect: { refused: NAME } },
	{ label: 'double extension .php.jpg (a real PNG)', file: file('shell.php.jpg', 'image/jpeg', png()), expect: { refused: NAME } },
	{ label: 'mixed-case .PhP.png', file: file('shell.PhP.png', 'image/png', png()), expect: { refused: NAME } },
	{ label: 'trailing dot .png.php.', file: file('shell.png.php.', 'image/png', png()), expect: { refused: NAME } },
	{ label: 'NUL in the name .php%00.png', file: file('shell.php%00.png', 'image/png', png()), expect: { refused: NAME } },
	{ label: 'NTFS stream .jpg:.php', file: file('shell.jpg:.php', 'image/png', png()), expect: { refused: NAME } },
	{ label: '.phtml', file: file('shell.phtml', 'image/png', png()), expect: { refused: NAME } },
	{ label: '.phar', file: file('archive.phar', 'application/octet-stream', png()), expect: { refused: NAME } },
	{ label: '.htaccess', file: file('.htaccess', 'text/plain', 'AddType application/x-httpd-php .png\n'), expect: { refused: NAME } },
	{ label: 'right-to-left override hiding .php', file: file('photo\u202Egnp.php', 'image/png', png()), expect: { refused: NAME } },
	{ label: 'PNG with PHP appended (polyglot)', file: file('poly.png', 'image/png', Buffer.concat([png(), Buffer.from(`\n${PHP}\n`)])), expect: { refused: TYPE } },
	{ label: 'PNG with PHP in a tEXt chunk', file: file('text.png', 'image/png', pngWithText(`Comment ${PHP}`)), expect: { refused: TYPE } },
	{ label: 'JPEG with PHP in EXIF', file: file('exif.jpg', 'image/jpeg', jpegWithExif(`Make\0${PHP}`)), expect: { refused: TYPE } },
	{ label: 'GIF89a header then PHP', file: file('poly.gif', 'image/gif', `GIF89a\x01\x00\x01\x00\x00\x00\x00;${PHP}`), expect: { refused: TYPE } },
	{ label: 'short echo tag in a PNG', file: file('short.png', 'image/png', Buffer.concat([png(), Buffer.from('<?=`id`?>')])), expect: { refused: TYPE } },
	{ label: 'SVG with script named .svg', file: file('vector.svg', 'image/svg+xml', SVG), expect: { refused: NAME } },
	{ label: 'SVG with script named .png', file: file('vector.png', 'image/png', SVG), expect: { refused: TYPE } },
	{ label: 'HTML named .png', file: file('page.png', 'image/png', HTML), expect: { refused: TYPE } },
	{ label: 'HTML named .html', file: file('page.html', 'text/html', HTML), expect: { refused: NAME } },
	{ label: 'XML with an external entity named .png', file: file('data.png', 'image/png', XXE), expect: { refused: TYPE } },
	{ label: 'PDF with JavaScript and HTML inside', file: file('doc.pdf', 'application/pdf', `${PDF_HEAD}3 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\n%${HTML}\n${PDF_TAIL}`), expect: { refusedOrInert: TYPE } },
	{ label: 'PDF with a PHP short open tag and __HALT_COMPILER', file: file('halt.pdf', 'application/pdf', `${PDF_HEAD}% <? system($_GET['c']); __HALT_COMPILER(); ?>\n${PDF_TAIL}`), expect: { refusedOrInert: TYPE } },
	{ label: 'PNG named .jpg (mislabelled)', file: file('photo.jpg', 'image/jpeg', png()), expect: { refusedOrInert: TYPE } },
	{ label: 'ZIP named .png', file: file('archive.png', 'image/png', Buffer.from('504b0304140000000000000000000000000000000000000000000000000000000000', 'hex')), expect: { refused: TYPE } },
	{ label: 'ELF executable named .jpg', file: file('tool.jpg', 'image/jpeg', Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(64)])), expect: { refused: TYPE } },
	{ label: 'Windows executable named .png', file: file('setup.png', 'image/png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')])), expect: { refused: TYPE } },
	{ label: 'truncated PNG (signature and half a header)', file: file('cut.png', 'image/png', png().subarray(0, 20)), expect: { refused: TYPE } },
	{ label: 'truncated JPEG (no frame header)', file: file('cut.jpg', 'image/jpeg', Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex')), expect: { refused: TYPE } },
	{ label: 'empty file', file: file('empty.png', 'image/png', Buffer.alloc(0)), expect: { refused: ['mvs_no_file'] } },
	{ label: 'name with a path and markup', file: file('../../../<img src=x onerror=alert(1)>.png', 'image/png', png()), expect: { refusedOrInert: [] } },
	{
		label: 'decompression bomb: a PNG header claiming 16000x16000 (488 bytes)',
		file: file('bomb.png', 'image/png', claimedPng(16_000, 16_000)),
		// The pixel cap (setting max_image_pixels) reads the header before any decoding (issue 11 finding 2).
		expect: { refused: ['mvs_image_too_large'] },
	},
];

/** Content types a stored file may be served with: media, PDF, or bytes to save. Never HTML, SVG, XML or script. */
const SAFE_TYPE = /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|application\/octet-stream)(;|$)/;

test.beforeAll(() => {
	expect(attacks.length).toBeGreaterThanOrEqual(25);
});

let uploader: Client;
test.beforeEach(async ({ api, fixtures }) => {
	// A throw-away member, so duplicate detection and per-user limits never mix with other tests.
	const res = await api('admin').raw('POST', '/wp-json/mvs-test/v1/fresh-user');
	expect(res.status).toBe(200);
	uploader = (await clientFor(res.body as { login: string; appPassword: string }, fixtures)).call;
});

for (const attack of attacks) {
	test(`upload attack: ${attack.label}`, async ({}, info) => {
		const res = await uploader({ method: 'POST', path: '/mvs/v1/media', multipart: { file: attack.file, privacy: 'private' }, headers: freshBucket('corpus') });
		expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
		const codes = 'refused' in attack.expect ? attack.expect.refused : attack.expect.refusedOrInert;
		if (res.status !== 201) {
			expect(res.status, res.text.slice(0, 300)).toBe(400);
			expect(codes, `refusal code ${res.json?.code}`).toContain(res.json?.code);
			count(info, 'files refused', 1);
			return;
		}
		expect('refusedOrInert' in attack.expect, `accepted (${res.text.slice(0, 200)}) but must be refused with ${codes.join(' or ')}`).toBe(true);
		// Stored: it must come back as the same bytes, typed as media, never sniffed or rendered as a page.
		const served = await uploader({ method: 'GET', path: new URL(res.json.file_url).pathname.replace(/^\/wp-json/, ''), query: new URL(res.json.file_url).search.slice(1) });
		expect(served.status).toBe(200);
		expect(served.headers['content-type'], 'served content type').toMatch(SAFE_TYPE);
		expect(served.headers['x-content-type-options']).toBe('nosniff');
		expect(served.headers['content-disposition']).toMatch(/^(inline|attachment);/);
		expect(served.text).not.toContain(EXECUTED);
		expect(Buffer.compare(served.body, Buffer.from(attack.file.buffer)), 'served bytes = uploaded bytes').toBe(0);
		count(info, 'files stored inert', 1);
	});
}

/*
 * Issue 23, row 5 and the EXIF finding: PHP in image metadata and PDFs, in
 * every open-tag form, and GPS positions in photos. Images are stored
 * without their metadata (byte-level stripping, docs/uploads-and-storage.md
 * "Image metadata"); PDFs carrying any open tag outside compressed streams
 * are refused with mvs_invalid_type / embedded_code.
 */
const PAYLOADS = ['<?=@system($_GET[0])?>', '<? include $_GET[0]; ?>', '<?=\\system($_GET[0])?>', '<?=/**/system($_GET[0])?>', "<?=${'_GET'}[0]?>", '<?=$_GET[0]?>'];
/** Any PHP open tag (the strict rule). */
const OPEN_TAG = /<\?(php|=|[ \t\r\n]|$)/i;

/** Blocks a served image may still hold (imageStructure names): pixels, structure, colour, looping. */
const KEPT_BLOCKS: Record<string, RegExp> = {
	jpeg: /^(APP0:JFIF|APP2:ICC_|APP14:Adob|M[0-9a-f]{2}|SOS|EOI)$/,
	png: /^(IHDR|PLTE|IDAT|IEND|tRNS|gAMA|cHRM|sRGB|iCCP|sBIT|bKGD|pHYs)$/,
	webp: /^(VP8X|VP8L|VP8 |ALPH|ANIM|ANMF|ICCP)$/,
	gif: /^(EXTf9|APP:NETSCAPE2.0|IMAGE|END)$/,
};

/** The bytes of an item, fetched through a signed /serve URL from GET /media/{id}/signed-url. */
async function served(client: Client, id: number): Promise<Buffer> {
	const signed = await client({ method: 'GET', path: `/mvs/v1/media/${id}/signed-url` });
	expect(signed.status, signed.text.slice(0, 200)).toBe(200);
	return fetchServed(client, signed.json.url);
}

async function fetchServed(client: Client, signedUrl: string): Promise<Buffer> {
	const url = new URL(signedUrl);
	const res = await client({ method: 'GET', path: url.pathname.replace(/^\/wp-json/, ''), query: url.search.slice(1) });
	expect(res.status).toBe(200);
	return res.body;
}

function expectClean(name: string, served: Buffer): void {
	const structure = imageStructure(served);
	for (const block of structure.blocks) expect(block, `${name}: ${structure.blocks.join(',')}`).toMatch(KEPT_BLOCKS[structure.format] ?? /^$/);
	expect(structure.exif, `${name}: EXIF`).toBeUndefined();
	expect(served.toString('latin1'), `${name}: open tag`).not.toMatch(OPEN_TAG);
	expect(served.toString('latin1'), `${name}: payload`).not.toContain('_GET');
}

for (const [index, payload] of PAYLOADS.entries()) {
	test(`payload form ${index + 1} (${JSON.stringify(payload)}): stripped from JPEG, PNG, WebP and GIF metadata, refused in a PDF`, async ({}, info) => {
		const exif = { gps: true, make: payload };
		const carriers: MvsFile[] = [
			file('meta.jpg', 'image/jpeg', encodeJpeg(16, 16, (bx, by) => 40 + 100 * bx + 50 * by + index, { exif, xmp: payload, app13: payload, comment: payload, trailer: payload })),
			file(
				'meta.png',
				'image/png',
				pngWithChunks([
					pngChunk('tEXt', Buffer.from(`Comment\0${payload}`, 'latin1')),
					pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(Buffer.from(payload, 'latin1'))])),
					pngChunk('iTXt', Buffer.from(`Comment\0\0\0\0\0${payload}`, 'latin1')),
					pngChunk('eXIf', exifTiff(exif)),
					pngChunk('tIME', Buffer.from([7, 234, 11, 27, 9, index, 0])),
				]),
			),
			file('meta.webp', 'image/webp', webpWithMeta({ exif: exifTiff(exif), xmp: `${payload}${index}` })),
			file('meta.gif', 'image/gif', gifWithMeta(`${payload}${index}`)),
		];
		for (const carrier of carriers) {
			const res = await uploader({ method: 'POST', path: '/mvs/v1/media', multipart: { file: carrier, privacy: 'private' }, headers: freshBucket('corpus') });
			if (res.status === 400) {
				// The statement rules, which read the whole file before stripping, may refuse it first (form 6: "<?=$_GET").
				expect(res.json, carrier.name).toMatchObject({ code: 'mvs_invalid_type', data: { reason: 'embedded_code' } });
				count(info, 'files refused', 1);
				continue;
			}
			expect(res.status, `${carrier.name}: ${res.text.slice(0, 300)}`).toBe(201);
			expectClean(carrier.name, await served(uploader, res.json.id));
			count(info, 'images stored without metadata', 1);
		}
		const pdf = file('doc.pdf', 'application/pdf', `${PDF_HEAD}4 0 obj << /Length ${payload.length + 6} >>\nstream\nBT ${payload} ET\nendstream\nendobj\n${PDF_TAIL}`);
		const refused = await uploader({ method: 'POST', path: '/mvs/v1/media', multipart: { file: pdf, privacy: 'private' }, headers: freshBucket('corpus') });
		expect(refused.status, refused.text.slice(0, 300)).toBe(400);
		expect(refused.json).toMatchObject({ code: 'mvs_invalid_type', data: { reason: 'embedded_code' } });
		count(info, 'files refused', 1);
	});
}

test('a JPEG with GPS and orientation 6 is stored turned upright, without GPS, in the original and every size', async () => {
	// 16 wide, 8 high: the left block dark, the right one light. Orientation 6 means "turn 90° clockwise to show".
	const photo = file('phone.jpg', 'image/jpeg', encodeJpeg(16, 8, (bx) => (bx ? 230 : 20) + Math.floor(Math.random() * 8), { exif: { orientation: 6, gps: true, make: 'Phone' } }));
	const res = await uploader({ method: 'POST', path: '/mvs/v1/media', multipart: { file: photo, privacy: 'private' }, headers: freshBucket('corpus') });
	expect(res.status, res.text.slice(0, 300)).toBe(201);
	const item = res.json;
	const bytes = await served(uploader, item.id);
	const structure = imageStructure(bytes);
	expect([structure.width, structure.height]).toEqual([8, 16]);
	expectClean('phone.jpg', bytes);
	expect(Object.keys(item.sizes).length).toBeGreaterThan(0);
	for (const [name, size] of Object.entries(item.sizes as Record<string, { url: string; width: number; height: number }>)) {
		expect(imageStructure(await fetchServed(uploader, size.url)).exif, `size ${name}`).toBeUndefined();
		expect([size.width, size.height], `size ${name}`).toEqual([8, 16]);
	}
});

test('a PDF with XML processing instructions and "<?" in a compressed stream is accepted; an open tag after the stream is not', async () => {
	const stream = Buffer.concat([Buffer.from(`${PDF_HEAD}4 0 obj << /Length 14 /Filter /FlateDecode >>\nstream\n`), Buffer.from('<? \x01\x02<?=\x07<?\t\x10', 'latin1'), Buffer.from('\nendstream\nendobj\n')]);
	const xmp = Buffer.from('5 0 obj << /Type /Metadata /Length 80 >>\nstream\n<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><?xml version="1.0"?>\nendstream\nendobj\n');
	const ok = await uploader({ method: 'POST', path: '/mvs/v1/media', multipart: { file: file('ok.pdf', 'application/pdf', Buffer.concat([stream, xmp, Buffer.from(`%${Math.random()}\n${PDF_TAIL}`)])), privacy: 'private' }, headers: freshBucket('corpus') });
	expect(ok.status, ok.text.slice(0, 300)).toBe(201);
	const after = await uploader({ method: 'POST', path: '/mvs/v1/media', multipart: { file: file('bad.pdf', 'application/pdf', Buffer.concat([stream, Buffer.from(`% <?=\`id\`\n${PDF_TAIL}`)])), privacy: 'private' }, headers: freshBucket('corpus') });
	expect(after.status, after.text.slice(0, 300)).toBe(400);
	expect(after.json).toMatchObject({ code: 'mvs_invalid_type', data: { reason: 'embedded_code' } });
});
