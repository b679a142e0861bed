/** An Indian mobile number as people read it: +91 98765 43210. */
export function formatPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` : phone;
}

/**
 * What a shopper typed or pasted into a 10-digit phone box, as digits: "+91 98765-43210" and "098765 43210"
 * become "9876543210". Anything longer is cut to 10 digits.
 */
export function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}
