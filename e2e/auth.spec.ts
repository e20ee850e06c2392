import { test, expect, env, signInWithForm, uid, shot } from './fixtures';

test('a new vendor registers, signs in and lands on the vendor dashboard', async ({ page }) => {
  const username = `reseller_${uid()}`;
  const password = `Shine@${uid()}9A`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Register here' }).click();
  await expect(page.getByRole('heading', { name: 'Vendor Registration' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Vendor Registration' });
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Email').blur();
  await expect(form.getByText('Minimum 3 characters required')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();

  await form.getByLabel('Username').fill(username);
  await expect(form.getByText(/available/i)).toBeVisible();
  await form.getByLabel('Email').fill(`${username}@example.in`);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password').fill(password);
  await form.getByLabel('Full Name').fill('Meera Iyer');
  await form.getByLabel('Business Name').fill('Iyer Heritage Jewels');
  await form.getByLabel('Description').fill('Temple jewellery and antique finish pieces from Chennai.');
  await form.getByLabel('Phone', { exact: true }).fill('9840012345');
  await form.getByLabel('Address Line 1').fill('14 Usman Road, T. Nagar');
  await form.getByLabel('City').fill('Chennai');
  await form.getByLabel('State').selectOption('Tamil Nadu');
  await form.getByLabel('Pincode').fill('600017');
  await form.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('Registration successful! Please login with your credentials.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await signInWithForm(page, username, password);
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expect(page.getByText('Meera Iyer').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await shot(page, `${env.dataDir}/vendor-dashboard.png`, { fullPage: true });
});

test('a wrong password shows the spec message and keeps the user on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(env.admin.username);
  await page.getByLabel('Password', { exact: true }).fill('Wrong@Pass123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('an admin signs in and lands on the admin dashboard with every section', async ({ page }) => {
  await signInWithForm(page, env.admin.username, env.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Products Management' })).toBeVisible();
  for (const section of ['Carousel', 'Categories', 'Vendors', 'Orders', 'Metals', 'Coupons']) {
    await expect(page.getByRole('button', { name: section, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('guards send anonymous visitors of the back office to the login page', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/vendor/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the root opens the default vendor storefront and unknown paths return to it', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/zevar(\/home)?$/);
  await page.goto('/zevar/no/such/page');
  await expect(page).toHaveURL(/\/zevar(\/home)?$/);
});
