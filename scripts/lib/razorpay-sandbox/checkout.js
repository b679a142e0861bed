// The local stand-in for Razorpay Checkout (https://checkout.razorpay.com/v1/checkout.js), served only by
// the local sandbox. Same API as the real one: new Razorpay(options).open(), rzp.on('payment.failed', fn),
// options.handler({ razorpay_payment_id, razorpay_order_id, razorpay_signature }), options.modal.ondismiss.
// It shows the amount and three buttons: Pay (succeeds), Fail (the bank declines) and Close (dismiss).
(() => {
  'use strict';
  const BASE = '/razorpay-sandbox';
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

  const ensureStyles = () => {
    if (document.getElementById('rzp-sandbox-css')) return;
    const link = document.createElement('link');
    link.id = 'rzp-sandbox-css';
    link.rel = 'stylesheet';
    link.href = `${BASE}/checkout.css`;
    document.head.appendChild(link);
  };

  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  class Razorpay {
    constructor(options) {
      if (!options || !options.key || !options.order_id) throw new Error('Razorpay sandbox: key and order_id are required');
      this.options = options;
      this.listeners = {};
      this.root = null;
      this.onKey = (event) => this.handleKey(event);
    }

    on(event, fn) {
      (this.listeners[event] = this.listeners[event] || []).push(fn);
    }

    emit(event, payload) {
      (this.listeners[event] || []).forEach((fn) => fn(payload));
    }

    close() {
      if (!this.root) return;
      document.removeEventListener('keydown', this.onKey, true);
      this.root.remove();
      this.root = null;
      if (this.returnFocus && this.returnFocus.focus) this.returnFocus.focus();
    }

    dismiss() {
      this.close();
      const modal = this.options.modal || {};
      if (typeof modal.ondismiss === 'function') modal.ondismiss();
    }

    setBusy(busy, label) {
      this.payButton.disabled = busy;
      this.failButton.disabled = busy;
      if (busy) this.status.textContent = label;
    }

    async attempt(outcome) {
      this.setBusy(true, outcome === 'success' ? 'Paying…' : 'Declining…');
      try {
        const res = await fetch(`${BASE}/checkout/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ key: this.options.key, order_id: this.options.order_id, outcome }),
        });
        const body = await res.json();
        if (res.ok) {
          this.close();
          if (typeof this.options.handler === 'function') this.options.handler(body);
          return;
        }
        // Like Razorpay: the failure is reported and the window stays open for another try.
        this.setBusy(false);
        this.status.textContent = `Payment failed: ${(body.error && body.error.description) || 'unknown error'} You can try again.`;
        this.emit('payment.failed', body);
      } catch {
        this.setBusy(false);
        this.status.textContent = 'The sandbox could not be reached. Try again.';
      }
    }

    handleKey(event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.dismiss();
      } else if (event.key === 'Tab') {
        // Keep focus inside the window, as the real Checkout does.
        const buttons = [this.payButton, this.failButton, this.closeButton].filter((b) => !b.disabled);
        const i = buttons.indexOf(document.activeElement);
        event.preventDefault();
        const next = event.shiftKey ? (i <= 0 ? buttons.length - 1 : i - 1) : (i + 1) % buttons.length;
        buttons[next].focus();
      }
    }

    open() {
      if (this.root) return;
      ensureStyles();
      const o = this.options;
      const amount = rupees.format(Number(o.amount || 0) / 100);
      this.returnFocus = document.activeElement;
      const overlay = el('div', 'rzp-sandbox');
      const dialog = el('div', 'rzp-sandbox__dialog');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'rzp-sandbox-title');
      const title = el('h2', 'rzp-sandbox__title', `${o.name || 'Payment'} · Razorpay sandbox`);
      title.id = 'rzp-sandbox-title';
      const total = el('p', 'rzp-sandbox__amount', amount);
      const note = el('p', 'rzp-sandbox__note', `Local test payment: no money moves. ${o.description || ''}`);
      this.status = el('p', 'rzp-sandbox__status', '');
      this.status.setAttribute('role', 'status');
      const actions = el('div', 'rzp-sandbox__actions');
      this.payButton = el('button', 'rzp-sandbox__pay', `Pay ${amount}`);
      this.failButton = el('button', 'rzp-sandbox__fail', 'Fail');
      this.closeButton = el('button', 'rzp-sandbox__close', 'Close');
      for (const b of [this.payButton, this.failButton, this.closeButton]) {
        b.type = 'button';
        actions.appendChild(b);
      }
      this.payButton.addEventListener('click', () => void this.attempt('success'));
      this.failButton.addEventListener('click', () => void this.attempt('failure'));
      this.closeButton.addEventListener('click', () => this.dismiss());
      document.addEventListener('keydown', this.onKey, true);
      dialog.append(title, total, note, this.status, actions);
      overlay.appendChild(dialog);
      document.body.appendChild(overlay);
      this.root = overlay;
      this.payButton.focus();
    }
  }

  window.Razorpay = Razorpay;
})();
