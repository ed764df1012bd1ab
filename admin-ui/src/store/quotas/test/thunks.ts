/**
 * The Quotas store's thunks against a mocked api-fetch: one default at a
 * time, deletion and its fallback count, a member whose quota fails alone.
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import apiFetch from '@wordpress/api-fetch';
import { answerRoutes, freshRegistry, noticesOf } from '../../../testing';
import { NOTICE_CONTEXT, store } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const pkg = ( id: number, name: string, isDefault: boolean ) => ( {
	id,
	name,
	image_limit: 0,
	video_limit: 0,
	audio_limit: 0,
	storage_bytes: 0,
	is_default: isDefault,
	sort_order: 0,
	roles: [],
	created_at: '2026-01-01T00:00:00Z',
} );

describe( 'mvs/quotas thunks', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
	} );

	it( 'set default moves the flag: exactly one default, as the server keeps it', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs-pro/v1/packages': {
				status: 200,
				body: [ pkg( 1, 'Old', true ), pkg( 2, 'New', false ) ],
			},
			'PUT /mvs-pro/v1/packages/2': {
				status: 200,
				body: pkg( 2, 'New', true ),
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).loadPackages();
		await registry.dispatch( store ).setDefault( 2 );
		expect(
			registry
				.select( store )
				.getPackages()
				?.map( ( row ) => [ row.id, row.is_default ] )
		).toEqual( [
			[ 1, false ],
			[ 2, true ],
		] );
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [
			'success: "New" is now the default package.',
		] );
	} );

	it( 'deleting a package removes its row and says how many members fall back', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs-pro/v1/packages': {
				status: 200,
				body: [ pkg( 1, 'Gold', false ) ],
			},
			'DELETE /mvs-pro/v1/packages/1': {
				status: 200,
				body: { deleted: true, id: 1, unassigned: 2 },
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).loadPackages();
		registry.dispatch( store ).askDelete( 1 );
		await registry.dispatch( store ).deletePackage( 1 );
		expect( registry.select( store ).getPackages() ).toEqual( [] );
		expect( registry.select( store ).getDeleting() ).toBeNull();
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [
			'success: Package "Gold" deleted; 2 members assigned to it fall back to their other packages.',
		] );
	} );

	it( 'a member whose quota cannot be read keeps the error on that row only', async () => {
		answerRoutes( mockedFetch, {
			'GET /wp/v2/users': {
				status: 200,
				body: [
					{ id: 5, name: 'Ann', slug: 'ann' },
					{ id: 6, name: 'Bob', slug: 'bob' },
				],
				headers: { 'X-WP-Total': '12', 'X-WP-TotalPages': '2' },
			},
			'GET /mvs-pro/v1/users/5/quota': {
				status: 404,
				body: {
					code: 'mvs_user_not_found',
					message: 'User not found.',
				},
			},
			'GET /mvs-pro/v1/users/6/quota': {
				status: 200,
				body: {
					user_id: 6,
					package: '',
					package_ids: [],
					bypass: false,
					usage: {},
					limits: {},
					credits: {},
				},
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).loadMembers();
		const quotas = registry.select( store );
		expect( quotas.getMembersTotal() ).toBe( 12 );
		expect( quotas.getMembersPages() ).toBe( 2 );
		expect( quotas.getQuotaError( 5 ) ).toBe( 'User not found.' );
		expect( quotas.getQuota( 6 )?.user_id ).toBe( 6 );
		expect( quotas.getQuotaError( 6 ) ).toBeUndefined();
	} );
} );
