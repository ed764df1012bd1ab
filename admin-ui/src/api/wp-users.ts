/**
 * WordPress's own users route (`GET /wp/v2/users`), which the generated
 * client does not cover: the Quotas screen lists members through it
 * (search, sort, pages), then asks Pro for each one's quota.
 */
import type { MvsResponse } from '../../../client/src/client';
import { transport } from './client';

/** What the screen shows of a user. */
export interface WpUser {
	id: number;
	name: string;
	slug: string;
}

export type WpUsersOrderby = 'name' | 'registered_date';

export interface WpUsersQuery {
	search: string;
	orderby: WpUsersOrderby;
	order: 'asc' | 'desc';
	page: number;
	per_page: number;
}

/** One page of users; the response keeps X-WP-Total / X-WP-TotalPages. */
export function listWpUsers(
	query: WpUsersQuery
): Promise< MvsResponse< WpUser[] > > {
	const params: Record< string, string > = {
		orderby: query.orderby,
		order: query.order,
		page: String( query.page ),
		per_page: String( query.per_page ),
		_fields: 'id,name,slug',
	};
	if ( query.search ) {
		params.search = query.search;
	}
	return transport( {
		method: 'GET',
		path: '/wp/v2/users',
		query: params,
	} ) as Promise< MvsResponse< WpUser[] > >;
}
