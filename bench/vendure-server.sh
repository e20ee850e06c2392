#!/usr/bin/env bash
# A Vendure 3.7 server for the bench's optional Vendure rows (`npm run bench -- --vendure-url ...`,
# decision 0085; on SQLite `--vendure-sqlite-url ...`, decision 0104), set up from the npm registry
# in a directory of its own, outside the repository. Not part of `npm install` or `npm test`.
#
#   bash bench/vendure-server.sh setup [DIR]   installs @vendure/core 3.7 + pg in DIR (default
#       /tmp/vendure), starts a throwaway PostgreSQL cluster in DIR/pg, creates the schema and
#       populates it: India in one zone, a 3 % tax rate, one shipping method (₹50), the dummy
#       payment handler (settles at once), 500 products × 2 variants (1,000,000 in stock each) in 5
#       collections built from facets. Takes a few minutes.
#   bash bench/vendure-server.sh start [DIR]   starts the server on $VENDURE_PORT (default 4106) on
#       the cluster set up before (started again if it is down), the job queue in the same process;
#       waits until the Shop API answers. Log: DIR/server.log; pid: DIR/server.pid.
#   bash bench/vendure-server.sh stop [DIR]    stops the server and the cluster.
#
#   setup-sqlite | start-sqlite | stop-sqlite [DIR]   the same Vendure, catalogue and checkout on
#       SQLite (Vendure's documented `better-sqlite3` driver, one file DIR/vendure.sqlite) instead of
#       PostgreSQL: default DIR /tmp/vendure-sqlite, default port 4116. better-sqlite3 is compiled
#       from source at setup (its prebuilt binaries are not fetched; needs g++, make, python3).
#
# Then: npm run bench -- --vendure-url http://127.0.0.1:4106 [--vendure-sqlite-url http://127.0.0.1:4116]
# (or npx tsx bench/vendure.ts --vendure-url ...).
set -euo pipefail

cmd=${1:-}
# `setup-sqlite` is `setup` on SQLite, and so on.
db=postgres
case "$cmd" in *-sqlite) db=sqlite cmd=${cmd%-sqlite} ;; esac
if [ "$db" = sqlite ]; then
  dir=${2:-/tmp/vendure-sqlite}
  port=${VENDURE_PORT:-4116}
else
  dir=${2:-/tmp/vendure}
  port=${VENDURE_PORT:-4106}
fi
here=$(cd "$(dirname "$0")/.." && pwd)
VENDURE_VERSION=${VENDURE_VERSION:-3.7.3}
# The newest that TypeORM 0.3 (Vendure 3.7's) accepts and that builds on Node 20.
BETTER_SQLITE3_VERSION=${BETTER_SQLITE3_VERSION:-12.11.1}

# shellcheck source=../scripts/pg-cluster.sh
source "$here/scripts/pg-cluster.sh"

ensure_cluster() {
  mkdir -p "$dir/pg"
  if [ -f "$dir/pg-url" ] && [ -d "$dir/pg/data" ]; then
    PG_URL=$(cat "$dir/pg-url")
    local pgport=${PG_URL##*:}
    pgport=${pgport%%/*}
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$pgport") 2>/dev/null; then
      _as_pg "$(pg_bindir)/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/log" -w \
        -o "-p $pgport -k $dir/pg -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        start >/dev/null
    fi
    export PG_URL
  else
    start_pg_cluster "$dir/pg"
    echo "$PG_URL" >"$dir/pg-url"
  fi
}

# The database part of the configuration.
db_options() {
  if [ "$db" = sqlite ]; then
    cat <<'EOF'
  // Vendure's documented SQLite set-up (the configuration its `create` writes for SQLite): TypeORM's
  // better-sqlite3 driver, one database file beside this one.
  dbConnectionOptions: {
    type: 'better-sqlite3',
    synchronize: process.env.VENDURE_SYNCHRONIZE === 'true',
    logging: false,
    database: path.join(__dirname, 'vendure.sqlite'),
    migrations: [],
    // No sync to disk at each commit, as the other databases in the bench run: PGlite (started
    // with -F) and the PostgreSQL clusters (fsync=off). SQLite's journal mode stays its default.
    prepareDatabase: (sqlite) => sqlite.pragma('synchronous = OFF'),
  },
EOF
  else
    cat <<'EOF'
  dbConnectionOptions: {
    type: 'postgres',
    synchronize: process.env.VENDURE_SYNCHRONIZE === 'true',
    logging: false,
    host: db.hostname,
    port: Number(db.port),
    username: decodeURIComponent(db.username),
    password: decodeURIComponent(db.password),
    database: db.pathname.slice(1),
    migrations: [],
  },
EOF
  fi
}

write_files() {
  # The configuration: Vendure's defaults, PostgreSQL through TypeORM and `pg` (or SQLite through
  # better-sqlite3), no schema synchronisation (the schema is created once, by `setup`), the
  # database job queue, the default search plugin (the storefront's product list is its `search`
  # query), the dummy payment handler.
  {
    cat <<'EOF'
const path = require('node:path');
const { DefaultJobQueuePlugin, DefaultSearchPlugin, dummyPaymentHandler } = require('@vendure/core');

const db = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
exports.config = {
  apiOptions: {
    hostname: '127.0.0.1',
    port: Number(process.env.VENDURE_PORT || 4106),
    adminApiPath: 'admin-api',
    shopApiPath: 'shop-api',
    // What Vendure asks of a deployment at start (it warns otherwise); neither touches a JSON POST.
    cors: { origin: ['http://127.0.0.1'], credentials: true },
    csrfPrevention: true,
  },
  authOptions: {
    tokenMethod: ['bearer', 'cookie'],
    superadminCredentials: { identifier: 'superadmin', password: process.env.SUPERADMIN_PASSWORD },
    cookieOptions: { secret: process.env.COOKIE_SECRET || 'vendure-bench-cookie-secret' },
  },
EOF
    db_options
    cat <<'EOF'
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  plugins: [DefaultJobQueuePlugin.init({}), DefaultSearchPlugin.init({})],
};
EOF
  } >"$dir/vendure-config.js"
  cat >"$dir/populate.js" <<'EOF'
const fs = require('node:fs');
const path = require('node:path');
const { bootstrap } = require('@vendure/core');
const { populate } = require('@vendure/core/cli');
const { config } = require('./vendure-config');

const categories = ['Rings', 'Necklaces', 'Earrings', 'Bangles', 'Pendants'];
const metals = ['Gold', 'Silver', 'Platinum'];
const words = ['Classic', 'Floral', 'Temple', 'Kundan', 'Meenakari', 'Polki', 'Filigree', 'Jhumka', 'Solitaire', 'Heritage'];
const products = Number(process.env.VENDURE_PRODUCTS || 500);
const header = 'name,slug,description,assets,facets,optionGroups,optionValues,sku,price,taxCategory,stockOnHand,trackInventory,variantAssets,variantFacets';
const rows = [header];
for (let i = 0; i < products; i++) {
  const category = categories[i % categories.length];
  const metal = metals[i % metals.length];
  const name = `${words[i % words.length]} ${metal} ${category.slice(0, -1)} ${i + 1}`;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const price = (1000 + ((i * 7919) % 90000)).toFixed(2);
  const description = `"A ${metal.toLowerCase()} ${category.slice(0, -1).toLowerCase()}, handmade, hallmarked, with a certificate of authenticity."`;
  rows.push([name, slug, description, '', `category:${category}|metal:${metal}`, 'size', 'small', `VB-${i + 1}-S`, price, 'standard', 1000000, 'true', '', ''].join(','));
  rows.push(['', '', '', '', '', '', 'large', `VB-${i + 1}-L`, (Number(price) * 1.2).toFixed(2), 'standard', 1000000, 'true', '', ''].join(','));
}
const csv = path.join(__dirname, 'products.csv');
fs.writeFileSync(csv, rows.join('\n') + '\n');

const initialData = {
  defaultLanguage: 'en',
  defaultZone: 'Asia',
  countries: [{ name: 'India', code: 'IN', zone: 'Asia' }],
  taxRates: [{ name: 'Standard Tax', percentage: 3 }],
  shippingMethods: [{ name: 'Standard Shipping', price: 5000 }],
  paymentMethods: [
    { name: 'Dummy Payment', handler: { code: 'dummy-payment-handler', arguments: [{ name: 'automaticSettle', value: 'true' }] } },
  ],
  collections: categories.map((c) => ({
    name: c,
    filters: [{ code: 'facet-value-filter', args: { facetValueNames: [c], containsAny: false } }],
  })),
};

populate(
  () =>
    bootstrap({
      ...config,
      apiOptions: { ...config.apiOptions, port: Number(process.env.VENDURE_PORT || 4106) },
      dbConnectionOptions: { ...config.dbConnectionOptions, synchronize: true },
    }),
  initialData,
  csv,
)
  .then((app) => app.close())
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
EOF
  # The server with the job queue in the same process (one process, as the bench measures Zevar).
  cat >"$dir/server.js" <<'EOF'
const { bootstrap, JobQueueService } = require('@vendure/core');
const { config } = require('./vendure-config');

bootstrap(config)
  .then((app) => app.get(JobQueueService).start())
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
EOF
}

wait_for_shop_api() {
  for _ in $(seq 1 600); do
    if curl -sf -o /dev/null -H 'content-type: application/json' \
      -d '{"query":"{ activeChannel { code } }"}' "http://127.0.0.1:$port/shop-api"; then
      return 0
    fi
    sleep 1
  done
  echo "Vendure did not answer on port $port: see $dir/server.log" >&2
  return 1
}

# The database a Vendure process is given (`url`): the cluster's URL on PostgreSQL (the cluster
# started if it is down); on SQLite none (its file is named in the configuration).
url=
ensure_database() {
  if [ "$db" = postgres ]; then
    ensure_cluster
    url=$PG_URL
  fi
}

# better-sqlite3 compiled here: its install script's download of a prebuilt binary is skipped
# (`build_from_source` for that package only), and node-gyp is pointed at the headers installed
# with Node (when there are) instead of downloading them.
install_packages() {
  if [ "$db" = sqlite ]; then
    local prefix
    prefix=$(node -p 'require("node:path").resolve(process.execPath, "../..")')
    if [ -f "$prefix/include/node/node.h" ]; then export npm_config_nodedir=$prefix; fi
    (cd "$dir" && npm_config_build_from_source=better-sqlite3 npm install --no-audit --no-fund \
      "@vendure/core@$VENDURE_VERSION" "better-sqlite3@$BETTER_SQLITE3_VERSION")
  else
    (cd "$dir" && npm install --no-audit --no-fund "@vendure/core@$VENDURE_VERSION" pg)
  fi
}

case "$cmd" in
  setup)
    mkdir -p "$dir"
    [ -f "$dir/package.json" ] || echo '{ "name": "vendure-bench", "private": true }' >"$dir/package.json"
    install_packages
    ensure_database
    write_files
    # Vendure refuses to start with its default superadmin password.
    [ -f "$dir/superadmin-password" ] || node -e "console.log(require('crypto').randomBytes(18).toString('base64url'))" >"$dir/superadmin-password"
    (cd "$dir" && SUPERADMIN_PASSWORD=$(cat superadmin-password) DATABASE_URL=$url VENDURE_PORT=$port NODE_ENV=production VENDURE_DISABLE_TELEMETRY=true node populate.js)
    echo "Vendure populated in $dir (database ${url:-$dir/vendure.sqlite})"
    ;;
  start)
    # A server already on the port would be measured in this one's place (its configuration unknown).
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "port $port is taken: stop what runs there first (bash bench/vendure-server.sh stop)" >&2
      exit 1
    fi
    ensure_database
    write_files
    # The pid file holds the node process's own id (for `stop` and bench/vendure.ts --server-pid).
    (
      cd "$dir"
      SUPERADMIN_PASSWORD=$(cat superadmin-password) DATABASE_URL=$url VENDURE_PORT=$port NODE_ENV=production \
        VENDURE_DISABLE_TELEMETRY=true exec node server.js >"$dir/server.log" 2>&1
    ) &
    echo $! >"$dir/server.pid"
    wait_for_shop_api
    echo "Vendure on http://127.0.0.1:$port (pid $(cat "$dir/server.pid"))"
    ;;
  stop)
    if [ -f "$dir/server.pid" ]; then kill "$(cat "$dir/server.pid")" 2>/dev/null || true; rm -f "$dir/server.pid"; fi
    if [ "$db" = postgres ]; then stop_pg_cluster "$dir/pg"; fi
    ;;
  *)
    sed -n '2,22p' "$0"
    exit 2
    ;;
esac
