/**
 * The Quotas store's thunks against a mocked api-fetch: one default at a
 * time, deletion and its fallback count, a page of members in one request,
 * a member's credit history reloaded after an adjustment.
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@testing-library/react';
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

const member = ( id: number, name: string ) => ( {
	id,
	name,
	login: name.toLowerCase(),
	avatar_url: 'https://example.test/a.png',
	registered: '2026-01-01T00:00:00Z',
	quota: {
		user_id: id,
		package: '',
		package_ids: [],
		bypass: false,
		usage: {
			image_count: 0,
			video_count: 0,
			audio_count: 0,
			storage_bytes: 0,
		},
		limits: {
			image_limit: 0,
			video_limit: 0,
			audio_limit: 0,
			storage_bytes: 0,
		},
		credits: { image: 0, video: 0, audio: 0 },
	},
} );

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

	it( 'a page of members is one request with the sort, and each row brings its quota', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs-pro/v1/quotas/members': {
				status: 200,
				body: [ member( 5, 'Ann' ), member( 6, 'Bob' ) ],
				headers: { 'X-WP-Total': '22', 'X-WP-TotalPages': '2' },
			},
		} );
		const registry = freshRegistry( store );
		await registry
			.dispatch( store )
			.setMembersQuery( { orderby: 'storage_used', order: 'desc' } );
		const quotas = registry.select( store );
		expect( sent.map( ( s ) => s.request ) ).toEqual( [
			'GET /mvs-pro/v1/quotas/members?orderby=storage_used&order=desc&page=1&per_page=20',
		] );
		expect( quotas.getMembersTotal() ).toBe( 22 );
		expect( quotas.getMembersPages() ).toBe( 2 );
		expect( quotas.getQuota( 6 )?.user_id ).toBe( 6 );
		expect( quotas.getMember( 5 )?.login ).toBe( 'ann' );
	} );

	it( "an adjustment reloads the member's credit history from its first page", async () => {
		const entry = ( id: number, amount: number, balance: number ) => ( {
			id,
			user_id: 5,
			credit_type: 'image',
			amount,
			balance_after: balance,
			source: 'manual',
			reference: 'user:1',
			note: '',
			created_at: '2026-01-01T00:00:00Z',
		} );
		let history = [ entry( 1, 2, 2 ) ];
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs-pro/v1/users/5/credits/history': () => ( {
				status: 200,
				body: history,
				headers: { 'X-WP-Total': String( history.length ) },
			} ),
			'POST /mvs-pro/v1/users/5/credits': () => {
				history = [ entry( 2, -1, 1 ), ...history ];
				return { status: 200, body: history[ 0 ] };
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).loadHistory( 5, 1 );
		expect(
			registry
				.select( store )
				.getHistory( 5 )
				?.entries?.map( ( e ) => e.id )
		).toEqual( [ 1 ] );
		await registry.dispatch( store ).adjustCredits( 5, 'image', -1, '' );
		await waitFor( () =>
			expect(
				registry
					.select( store )
					.getHistory( 5 )
					?.entries?.map( ( e ) => [ e.id, e.balance_after ] )
			).toEqual( [
				[ 2, 1 ],
				[ 1, 2 ],
			] )
		);
		expect( sent.map( ( s ) => s.request ) ).toContain(
			'GET /mvs-pro/v1/users/5/credits/history?page=1&per_page=10'
		);
		expect( registry.select( store ).getHistory( 6 ) ).toBeNull();
	} );
} );
