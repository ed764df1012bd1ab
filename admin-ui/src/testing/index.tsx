/**
 * Helpers of the unit tests: REST answers through a mocked api-fetch, and a
 * fresh data registry per test (the screen's store plus `core/notices`).
 */
import type { jest } from '@jest/globals';
import type { APIFetchOptions } from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import type {
	ActionCreatorsOf,
	ConfigOf,
	CurriedSelectorsOf,
	StoreDescriptor,
} from '@wordpress/data/build-types/types';
import type { ReactNode } from 'react';
import { store as noticesStore } from '@wordpress/notices';

export type Answer = {
	status: number;
	body: unknown;
	headers?: Record< string, string >;
};
export type Route = Answer | ( ( options: APIFetchOptions ) => Answer );

/** Every request the mock received, as "METHOD /path?query" with its JSON body. */
export interface Sent {
	request: string;
	data: unknown;
}

/**
 * Makes the mocked api-fetch answer "METHOD /path" (query left out) from
 * `routes`, the way api-fetch does with `parse: false`: the Response, or a
 * rejection with it for a non-2xx status. Unknown requests fail the test.
 */
export function answerRoutes(
	apiFetch: jest.Mock< ( options: APIFetchOptions ) => Promise< unknown > >,
	routes: Record< string, Route >
): Sent[] {
	const sent: Sent[] = [];
	apiFetch.mockImplementation( async ( options: APIFetchOptions ) => {
		const method = options.method ?? 'GET';
		const path = options.path ?? '';
		sent.push( { request: `${ method } ${ path }`, data: options.data } );
		const route = routes[ `${ method } ${ path.split( '?' )[ 0 ] }` ];
		if ( ! route ) {
			throw new Error( `unexpected request ${ method } ${ path }` );
		}
		const answer = 'function' === typeof route ? route( options ) : route;
		const response = new Response( JSON.stringify( answer.body ), {
			status: answer.status,
			headers: { 'content-type': 'application/json', ...answer.headers },
		} );
		if ( answer.status >= 300 ) {
			throw response;
		}
		return response;
	} );
	return sent;
}

/** The registry's methods the tests use, typed per store (the package types them as Function). */
export interface TestRegistry {
	register: ( store: StoreDescriptor< any > ) => void;
	select: < S >( store: S ) => CurriedSelectorsOf< S >;
	resolveSelect: < S >( store: S ) => {
		[
			K in keyof CurriedSelectorsOf< S >
		]: CurriedSelectorsOf< S >[ K ] extends ( ...args: infer A ) => infer R
			? ( ...args: A ) => Promise< R >
			: never;
	};
	dispatch: < S >( store: S ) => ActionCreatorsOf< ConfigOf< S > >;
}

/** A registry holding `core/notices` and `store`, and nothing from other tests. */
export function freshRegistry( store?: StoreDescriptor< any > ): TestRegistry {
	const registry = createRegistry() as unknown as TestRegistry;
	registry.register( noticesStore );
	if ( store ) {
		registry.register( store );
	}
	return registry;
}

export function withRegistry( registry: TestRegistry ) {
	return ( { children }: { children: ReactNode } ) => (
		<RegistryProvider value={ registry as never }>
			{ children }
		</RegistryProvider>
	);
}

/** The notices of a context, as "status: content". */
export function noticesOf( registry: TestRegistry, context: string ): string[] {
	return registry
		.select( noticesStore )
		.getNotices( context )
		.map( ( notice ) => `${ notice.status }: ${ notice.content }` );
}
