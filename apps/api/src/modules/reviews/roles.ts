/**
 * Who may do what in the reviews workspace (spec 000 section 6 leaves the detail to us):
 * an Analyst (and an embed) reads only; a Responder answers and categorizes; a Manager, a Master
 * Admin, and the Owner or a Partner acting as the company do everything.
 */
export const REVIEW_WRITERS = ['owner', 'partner', 'master_admin', 'manager', 'responder'] as const;
export const REVIEW_MANAGERS = ['owner', 'partner', 'master_admin', 'manager'] as const;
