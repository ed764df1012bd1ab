/**
 * The Quotas screen's data store (`mvs/quotas`): Pro's packages, the members
 * listed with their quota, the open dialogs and what they last answered.
 * See admin-ui/README.md for how the screens use their stores.
 */
import { createReduxStore, register } from '@wordpress/data';
import * as actions from './actions';
import { STORE_NAME } from './constants';
import { reducer } from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const storeConfig = { reducer, actions, selectors, resolvers };

export const store = createReduxStore( STORE_NAME, storeConfig );

register( store );

export {
	HISTORY_PER_PAGE,
	MEMBERS_PER_PAGE,
	NOTICE_CONTEXT,
	STORE_NAME,
} from './constants';
