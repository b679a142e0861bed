/** Frequently asked questions, drawn from the policies; rendered on /faq and as FAQPage JSON-LD. */
import { formatINR } from '@shared/money';
import { COD_FEE, COD_LIMIT } from '@shared/pricing';

/** One question with its answer (plain text, so it can go into structured data as is). */
export interface Faq {
  q: string;
  a: string;
}

/** The questions, grouped for the page. */
export const FAQ_GROUPS: readonly { title: string; items: readonly Faq[] }[] = [
  {
    title: 'Silver and quality',
    items: [
      {
        q: 'What does 92.5 sterling silver mean?',
        a: 'It is 92.5% pure silver alloyed with 7.5% copper for strength, the international standard for fine silver jewellery. Every Chandi Kala piece is 92.5 sterling silver and comes with a purity card.',
      },
      {
        q: 'Is your jewellery hallmarked?',
        a: 'Yes. Our pieces are hallmarked under BIS (Bureau of Indian Standards) rules, so the purity is independently certified. Pieces too small for the BIS mark, such as nose pins, carry the 925 purity stamp instead, and their listing says so.',
      },
      {
        q: 'Will my silver tarnish, and how do I clean it?',
        a: 'All real silver darkens slowly with air and moisture; it is not a defect. Store each piece in its zip pouch, keep it away from perfume and water, and wipe it with the polishing cloth in the box to bring back the shine.',
      },
    ],
  },
  {
    title: 'Orders and payment',
    items: [
      {
        q: 'Which payment methods do you accept?',
        a: `UPI, debit and credit cards, net banking and wallets through Razorpay, and cash on delivery for orders below ${formatINR(COD_LIMIT)}.`,
      },
      {
        q: 'Is cash on delivery available?',
        a: `Yes, for orders below ${formatINR(COD_LIMIT)}. Cash on delivery adds a fee of ${formatINR(COD_FEE)}; shipping is free when you pay online.`,
      },
      {
        q: 'Can I see prices in another currency?',
        a: 'Yes, choose USD, AED, EUR, AUD or GBP from the currency menu to see approximate prices. You are always charged in Indian rupees, and we ship within India only.',
      },
      {
        q: 'Can I cancel my order?',
        a: 'Yes, within 24 hours of placing it and before it is dispatched: sign in and use Cancel order on the order in your account or order history. If the button is not there, write to us from the contact page with your order number.',
      },
    ],
  },
  {
    title: 'Shipping',
    items: [
      {
        q: 'How soon will my order ship?',
        a: 'Orders are dispatched within 1 to 3 business days, and up to 5 business days during festive seasons and sales.',
      },
      {
        q: 'How long does delivery take?',
        a: 'After dispatch, 3 to 5 days to metro cities, 3 to 7 days to tier-2 cities and 5 to 10 days to remote areas.',
      },
      {
        q: 'Do you ship outside India?',
        a: 'Not yet. We ship to every serviceable PIN code in India.',
      },
    ],
  },
  {
    title: 'Returns, replacements and refunds',
    items: [
      {
        q: 'Can I return a piece?',
        a: 'Yes. Within 7 days of delivery, open the order in your account and press Return or replace beside the piece: choose a refund (for any reason, if the piece is unworn and in its original box) or a free replacement (for a defective, damaged, lost or wrong piece, or another size), and write what is wrong. No photographs needed. We reply within 2 working days by SMS, and by email if you gave one at checkout.',
      },
      {
        q: 'What if my parcel is damaged or never arrived?',
        a: 'Report it from the order page within 48 hours of delivery (Damaged in transit, or Marked delivered but not received). We take it up with the courier and send a free replacement or refund it in full, as you choose.',
      },
      {
        q: 'How long do refunds take?',
        a: 'Online payments are refunded to the original payment method within 7 to 10 working days of the returned piece reaching us (of approval, for a lost parcel); cash-on-delivery orders within 7 working days, to your bank account or UPI ID.',
      },
      {
        q: 'Whom do I contact if my complaint is not resolved?',
        a: 'Our Grievance Officer, whose name and contact details are on the contact page and in every policy. Complaints are acknowledged within 48 hours and resolved within one month.',
      },
    ],
  },
];

/** FAQPage structured data for the questions above. */
export function faqJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ_GROUPS.flatMap((g) => g.items).map((f) => ({
      '@type': 'Question',
      name: f.q,
      acceptedAnswer: { '@type': 'Answer', text: f.a },
    })),
  };
}
