export const STORE_NAME = 'mvs/moderation';

/** Context of this screen's notices in `core/notices`. */
export const NOTICE_CONTEXT = 'mvs/moderation';
