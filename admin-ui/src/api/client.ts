/**
 * The typed client (client/src/client.ts) with @wordpress/api-fetch as its transport,
 * so requests carry the REST nonce and root URL WordPress configures for
 * wp-admin. The screens talk to the plugin's REST routes only through this.
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';
import {
	MvsClient,
	type MvsError,
	type MvsRequest,
	type MvsResponse,
} from '../../../client/src/client';

/** One request through api-fetch, answered as an MvsResponse (also for routes outside the typed client, e.g. /wp/v2/users). */
export async function transport(
	request: MvsRequest
): Promise< MvsResponse< unknown > > {
	const query = new URLSearchParams( request.query ).toString();
	let response: Response;
	try {
		// parse: false gives the raw Response (headers such as X-WP-Total);
		// api-fetch then rejects non-2xx answers with that Response.
		response = ( await apiFetch( {
			path: request.path + ( query ? `?${ query }` : '' ),
			method: request.method,
			data: request.json as Record< string, unknown > | undefined,
			parse: false,
		} ) ) as Response;
	} catch ( thrown ) {
		if ( thrown instanceof Response ) {
			response = thrown;
		} else {
			const error: MvsError = {
				code: 'fetch_error',
				message:
					( thrown as { message?: string } )?.message ??
					__( 'The request failed.', 'media-community-service' ),
				data: { status: 0 },
			};
			return { status: 0, headers: {}, body: error };
		}
	}
	const headers: Record< string, string > = {};
	response.headers.forEach( ( value, key ) => {
		headers[ key.toLowerCase() ] = value;
	} );
	const text = await response.text();
	let body: unknown = null;
	try {
		body = text ? JSON.parse( text ) : null;
	} catch {
		body = {
			code: 'invalid_json',
			message: __(
				'The server answered with something that is not JSON.',
				'media-community-service'
			),
			data: { status: response.status },
		};
	}
	return { status: response.status, headers, body };
}

export const client = new MvsClient( transport );

/** Whether a response is a success (2xx). */
export function isOk< T >(
	response: MvsResponse< T >
): response is MvsResponse< T > & { body: T } {
	return response.status >= 200 && response.status < 300;
}

/** The error body of a failed response. */
export function errorOf( response: MvsResponse< unknown > ): MvsError {
	const body = response.body as Partial< MvsError > | null;
	return {
		code: body?.code ?? 'unknown_error',
		message:
			body?.message ??
			__( 'Unexpected error.', 'media-community-service' ),
		data: { status: response.status, ...( body?.data ?? {} ) },
	};
}
