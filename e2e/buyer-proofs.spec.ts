import { test, expect, uid } from './fixtures';

/**
 * Issue 26 item 6: a buyer opens a certified lab-grown diamond, sees natural or lab-grown, the
 * certificate with the lab's verification link, EMI, insured shipping and the returns policy, then pays
 * in the sandbox window, which offers UPI first, cards, netbanking and EMI as Razorpay Checkout does.
 */
test('a buyer checks a certified diamond and pays by UPI', async ({ page, makeShop, catalogue }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const shop = await makeShop();
  const category = await catalogue.category();
  const product = await catalogue.product(category, {
    name: `E2E Solitaire ${uid()}`,
    price: 1_50_000,
    stock: 2,
    gem: {
      kind: 'DIAMOND',
      origin: 'LAB_GROWN',
      certificate: {
        lab: 'IGI',
        reportNumber: 'LG612345678',
        carat: 1.01,
        colour: 'F',
        clarity: 'VS1',
        cut: 'Excellent',
      },
    },
  });

  await page.goto(`/${shop.slug}/product/${product.slug}`);
  await expect(page.getByTestId('stone-origin')).toHaveText('Lab-grown diamond');
  const certificate = page.getByTestId('certificate');
  await expect(certificate).toContainText('Report numberLG612345678');
  await expect(certificate.getByRole('link', { name: "Verify on the lab's website" })).toHaveAttribute(
    'href',
    'https://www.igi.org/reports/verify-your-report?r=LG612345678',
  );
  await expect(page.getByTestId('emi')).toContainText(/EMI from ₹[\d,]+\.00\/month/);
  await expect(page.getByTestId('insured')).toContainText('Insured shipping');
  await expect(page.getByTestId('returns')).toBeVisible();

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/${shop.slug}/checkout/[0-9a-f-]{36}$`));
  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Email').fill('asha.e2e@example.in');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Street Address').fill('12 Residency Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('PIN Code').fill('560025');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  const paymentWindow = page.getByRole('dialog', { name: 'Sandbox payment' });
  const methods = paymentWindow.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio');
  await expect(methods).toHaveCount(4);
  await expect(paymentWindow.getByRole('radio', { name: 'UPI' })).toBeChecked();
  await expect(paymentWindow.getByRole('radiogroup')).toHaveText('UPICardsNetbankingEMI');
  await paymentWindow.getByRole('radio', { name: 'UPI' }).check();
  await paymentWindow.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/payment-status\?orderId=.+&status=success/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
});
