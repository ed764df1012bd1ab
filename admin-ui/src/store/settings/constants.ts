export const STORE_NAME = 'mvs/settings';

/** Context of this screen's notices in `core/notices`. */
export const NOTICE_CONTEXT = 'mvs/settings';
