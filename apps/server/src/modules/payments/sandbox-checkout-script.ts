/**
 * The sandbox's stand-in for https://checkout.razorpay.com/v1/checkout.js: the same `Razorpay`
 * constructor, `open()`, `close()`, `on('payment.failed')`, `handler` and `modal.ondismiss`.
 * 'Pay now' asks the server to sign a payment exactly as Razorpay would.
 */
export const SANDBOX_CHECKOUT_JS = String.raw`(function () {
  'use strict';
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    // Styles go through the CSSOM: the page's Content-Security-Policy refuses inline style attributes.
    Object.keys(attrs || {}).forEach(function (k) { if (k === 'style') node.style.cssText = attrs[k]; else node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }
  function rupees(paise) {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
  }
  function post(path, orderId, method) {
    var body = method ? { orderId: orderId, method: method } : { orderId: orderId };
    return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error(b.message || 'Sandbox error'); return b; }); });
  }
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
    this.root = null;
  }
  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
  };
  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (fn) { fn(payload); });
  };
  Razorpay.prototype.close = function () {
    if (this.root) { this.root.remove(); this.root = null; }
    document.removeEventListener('keydown', this.onKey);
  };
  Razorpay.prototype.dismiss = function () {
    var modal = this.options.modal || {};
    this.close();
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options, modal = o.modal || {};
    var theme = (o.theme && o.theme.color) || '#333333';
    var root = el('div', { 'data-sandbox-checkout': '', style: 'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif' });
    var box = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Sandbox payment', style: 'background:#fff;border-radius:12px;width:min(92vw,380px);padding:20px;box-shadow:0 10px 40px rgba(0,0,0,.3)' });
    var head = el('div', { style: 'display:flex;justify-content:space-between;align-items:center;border-bottom:3px solid ' + theme + ';padding-bottom:8px' });
    head.appendChild(el('strong', {}, o.name || 'Sandbox payment'));
    var closeBtn = el('button', { type: 'button', 'aria-label': 'Close', style: 'border:0;background:none;font-size:14px;cursor:pointer' }, 'Close');
    head.appendChild(closeBtn);
    box.appendChild(head);
    box.appendChild(el('p', { style: 'color:#666;font-size:13px' }, 'Test mode: no real money moves.'));
    if (o.description) box.appendChild(el('p', {}, o.description));
    box.appendChild(el('p', { 'data-testid': 'sandbox-amount', style: 'font-size:24px;font-weight:700;margin:8px 0' }, rupees(Number(o.amount) || 0)));
    box.appendChild(el('p', { style: 'font-size:12px;color:#666' }, 'Order ' + (o.order_id || '')));
    var prefill = o.prefill || {};
    if (prefill.name || prefill.email) box.appendChild(el('p', { style: 'font-size:13px' }, [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' · ')));
    // The payment methods as Razorpay Checkout shows them: the blocks of config.display in its sequence
    // (UPI first), or Checkout's default set. The chosen one goes with 'Pay now' and is recorded.
    var display = (o.config && o.config.display) || {};
    var blocks = display.blocks || {};
    var sequence = (display.sequence || ['block.upi', 'block.card', 'block.netbanking', 'block.emi']);
    var methods = sequence.map(function (code) {
      var block = blocks[String(code).replace(/^block\./, '')];
      var method = block && block.instruments && block.instruments[0] ? block.instruments[0].method : String(code).replace(/^block\./, '');
      return { method: method, name: (block && block.name) || method };
    });
    var chosen = methods.length ? methods[0].method : 'card';
    var list = el('div', { role: 'radiogroup', 'aria-label': 'Payment method', style: 'display:flex;flex-direction:column;gap:6px;margin:8px 0' });
    methods.forEach(function (m, i) {
      var label = el('label', { style: 'display:flex;gap:8px;align-items:center;border:1px solid #ddd;border-radius:8px;padding:8px;cursor:pointer' });
      var radio = el('input', { type: 'radio', name: 'sandbox-method', value: m.method });
      if (i === 0) radio.checked = true;
      radio.onchange = function () { if (radio.checked) chosen = m.method; };
      label.appendChild(radio);
      label.appendChild(el('span', {}, m.name));
      list.appendChild(label);
    });
    box.appendChild(list);
    var status = el('p', { role: 'status', style: 'min-height:1.2em;font-size:13px;color:#b91c1c' });
    var actions = el('div', { style: 'display:flex;gap:8px;margin-top:12px' });
    var payBtn = el('button', { type: 'button', style: 'flex:1;padding:10px;border:0;border-radius:8px;color:#fff;background:' + theme + ';cursor:pointer' }, 'Pay now');
    var failBtn = el('button', { type: 'button', style: 'flex:1;padding:10px;border:1px solid #b91c1c;border-radius:8px;color:#b91c1c;background:#fff;cursor:pointer' }, 'Fail payment');
    actions.appendChild(payBtn); actions.appendChild(failBtn);
    box.appendChild(actions); box.appendChild(status);
    var confirmRow = el('div', { style: 'display:none;margin-top:12px' });
    confirmRow.appendChild(el('p', {}, 'Are you sure you want to cancel this payment?'));
    var yes = el('button', { type: 'button', style: 'margin-right:8px;padding:6px 12px' }, 'Yes, cancel');
    var no = el('button', { type: 'button', style: 'padding:6px 12px' }, 'No');
    confirmRow.appendChild(yes); confirmRow.appendChild(no);
    box.appendChild(confirmRow);
    root.appendChild(box);
    document.body.appendChild(root);
    this.root = root;
    function busy(b) { payBtn.disabled = b; failBtn.disabled = b; }
    function askClose() {
      if (modal.confirm_close) { confirmRow.style.display = 'block'; return; }
      self.dismiss();
    }
    closeBtn.onclick = askClose;
    yes.onclick = function () { self.dismiss(); };
    no.onclick = function () { confirmRow.style.display = 'none'; };
    this.onKey = function (e) { if (e.key === 'Escape' && modal.escape !== false) askClose(); };
    document.addEventListener('keydown', this.onKey);
    payBtn.onclick = function () {
      busy(true); status.textContent = 'Processing...';
      post('/sandbox/pay', o.order_id, chosen).then(function (res) {
        self.close();
        if (typeof o.handler === 'function') o.handler(res);
      }).catch(function (err) { busy(false); status.textContent = err.message; });
    };
    failBtn.onclick = function () {
      busy(true);
      post('/sandbox/fail', o.order_id).then(function (res) {
        self.close();
        self.emit('payment.failed', res);
      }).catch(function (err) { busy(false); status.textContent = err.message; });
    };
  };
  window.Razorpay = Razorpay;
})();
`;
