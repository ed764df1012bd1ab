import { describe, expect, it } from '@jest/globals';
import type { DeskItem } from '../../../api/types';
import { initialState, reducer } from '../reducer';
import { getTitle, isAllSelected } from '../selectors';

const item = ( id: number, title = '' ) =>
	( { id, title, media_type: 'image' } ) as DeskItem;

describe( 'moderation reducer', () => {
	it( 'keeps a selection across a reload only for the rows still shown', () => {
		let state = reducer( initialState, {
			type: 'RECEIVE_PAGE',
			items: [ item( 1 ), item( 2 ), item( 3 ) ],
			total: 3,
			pages: 1,
		} );
		state = reducer( state, { type: 'SELECT_ALL', selected: true } );
		expect( state.selected ).toEqual( [ 1, 2, 3 ] );
		expect( isAllSelected( state ) ).toBe( true );
		state = reducer( state, {
			type: 'RECEIVE_PAGE',
			items: [ item( 2 ), item( 4 ) ],
			total: 2,
			pages: 1,
		} );
		expect( state.selected ).toEqual( [ 2 ] );
		expect( isAllSelected( state ) ).toBe( false );
		state = reducer( state, {
			type: 'RECEIVE_PAGE_FAILED',
			error: 'Down',
		} );
		expect( state ).toMatchObject( { items: [], selected: [], total: 2 } );
	} );

	it( 'selects and unselects one row without duplicates', () => {
		let state = reducer( initialState, {
			type: 'SELECT',
			id: 5,
			selected: true,
		} );
		state = reducer( state, { type: 'SELECT', id: 5, selected: true } );
		state = reducer( state, { type: 'SELECT', id: 6, selected: true } );
		expect( state.selected ).toEqual( [ 5, 6 ] );
		expect(
			reducer( state, { type: 'SELECT', id: 5, selected: false } )
				.selected
		).toEqual( [ 6 ] );
	} );

	it( 'merges the query and thumbnails', () => {
		let state = reducer( initialState, {
			type: 'SET_QUERY',
			query: { page: 3 },
		} );
		state = reducer( state, {
			type: 'SET_QUERY',
			query: { view: 'flagged', page: 1 },
		} );
		expect( state.query ).toMatchObject( {
			view: 'flagged',
			orderby: 'oldest',
			page: 1,
			perPage: 20,
		} );
		state = reducer( state, {
			type: 'RECEIVE_THUMBNAILS',
			urls: { 1: 'a' },
		} );
		state = reducer( state, {
			type: 'RECEIVE_THUMBNAILS',
			urls: { 2: 'b' },
		} );
		expect( state.thumbnails ).toEqual( { 1: 'a', 2: 'b' } );
	} );

	it( 'names an untitled item by its id', () => {
		const state = reducer( initialState, {
			type: 'RECEIVE_PAGE',
			items: [ item( 1, 'Cat' ), item( 2 ) ],
			total: 2,
			pages: 1,
		} );
		expect( getTitle( state, 1 ) ).toBe( 'Cat' );
		expect( getTitle( state, 2 ) ).toBe( '#2' );
		expect( getTitle( state, 9 ) ).toBe( '#9' );
	} );
} );
