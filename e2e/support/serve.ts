/**
 * Helpers of the file-delivery and counter specs: files with known bytes,
 * signed URLs, and raw GETs of /serve that keep the body as bytes.
 */
import type { APIRequestContext } from '@playwright/test';
import type { MvsFile } from '../../client/src/client';
import { expect, type Api } from './mvs';

/** A PDF of exactly `size` bytes (well over one 8 KiB chunk by default), unique per call. */
export function bigPdf(size = 20_000, name = 'report.pdf'): MvsFile {
	const head = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n%${Math.random()}\n`);
	const tail = Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n');
	const fill = Buffer.alloc(size - head.length - tail.length);
	// Printable, position-dependent bytes, in comment lines: any wrong offset shows.
	for (let i = 0; i < fill.length; i++) fill[i] = i % 64 === 0 ? 0x25 /* % */ : i % 64 === 63 ? 0x0a : 0x21 + ((i * 7) % 90);
	return { name, mimeType: 'application/pdf', buffer: Buffer.concat([head, fill, tail]) };
}

export async function signedUrl(api: Api, id: number, query: { download?: boolean; ttl?: number } = {}): Promise<{ url: string; expires: number }> {
	const res = await api.op('get_media_signed_url', { params: { id }, query });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as { url: string; expires: number };
}

/** The mvs_* query parameters of a signed URL. */
export type ServeQuery = Record<string, string> & { mvs_id: string; mvs_uid: string; mvs_exp: string; mvs_sig: string };
export function serveQuery(url: string): ServeQuery {
	return Object.fromEntries(new URL(url).searchParams.entries()) as ServeQuery;
}

/** Response headers (lower-case names); the ones the specs read are typed as present. */
export type FileHeaders = Record<string, string> & {
	'cache-control': string;
	'content-disposition': string;
	'content-length': string;
	'content-range': string;
	'content-type': string;
	etag: string;
	'last-modified': string;
};

export interface Fetched {
	status: number;
	headers: FileHeaders;
	body: Buffer;
	json: any;
}

/** GET without credentials (the signature is the credential), body kept as bytes. */
export async function fetchFile(request: APIRequestContext, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Fetched> {
	const res = await request.fetch(url, { method, headers: { Connection: 'close', ...headers }, failOnStatusCode: false, maxRedirects: 0 });
	const body = await res.body();
	let json: any = null;
	if (body.length && (res.headers()['content-type'] ?? '').includes('json')) json = JSON.parse(body.toString('utf8'));
	return { status: res.status(), headers: res.headers() as FileHeaders, body, json };
}

export async function stats(api: Api, id: number) {
	const res = await api.op('get_media_stats', { params: { id } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as { views: number; reactions: number; comments: number; downloads: number; shares: number };
}

/** Sets (or with null, deletes) a media meta value through the test harness. */
export async function setMediaMeta(admin: Api, mediaId: number, key: string, value: string | null) {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/media-meta', { json: { media_id: mediaId, key, value } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
}
