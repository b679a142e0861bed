/**
 * Which ways a shopper hears about their order, and those ways in words. Every message is texted to the
 * account's phone, and emailed too when the shopper gave an email address at checkout. The server decides
 * what to send with `emailsShopper`, and the admin's dialogs, the server's answers and the shopper's pages
 * name the channels with the same rule, so no page promises an email that never goes.
 */

/** Whether an order's messages are emailed as well as texted: only when its delivery address has an email. */
export const emailsShopper = (shippingInfo: { email?: string | null }): boolean => Boolean(shippingInfo.email);

/** How the shopper is told, in an admin's words: 'texted and emailed', or 'texted' without an email address. */
export const toldBy = (emailed: boolean): string => (emailed ? 'texted and emailed' : 'texted');

/** How we will tell the shopper, in the shop's words to them: 'text and email you', or 'text you'. */
export const tellYou = (emailed: boolean): string => (emailed ? 'text and email you' : 'text you');
