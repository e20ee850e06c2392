import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminTodaySchema, type AdminSectionKey } from '@zevar/domain';
import { api, errorMessage } from '../../../lib/api';
import { formatLongDate } from '../../../lib/format';
import { tileHref, todayTiles, type TodayTile } from './today-tiles';

const TODAY_TEXT = {
  title: 'Today',
  loading: 'Loading today’s figures...',
  nothing: 'Nothing to show for your roles.',
} as const;

/**
 * The admin home's tiles (issue 23 item 6): what needs doing today, from one server call, each
 * tile opening the list it counts when the viewer may open that section.
 */
export function TodayPanel({ sections }: { sections: readonly AdminSectionKey[] }) {
  const today = useQuery({
    queryKey: ['admin', 'today'],
    queryFn: () => api.get('/admin/today', { schema: adminTodaySchema }),
    // The figures move all day: read afresh on every visit.
    staleTime: 0,
  });
  const tiles = today.data ? todayTiles(today.data) : [];
  return (
    <section aria-labelledby="today-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-title" className="text-2xl font-semibold">
          {TODAY_TEXT.title}
        </h2>
        {today.data && <p className="text-sm text-taupe">{formatLongDate(today.data.asOf)}</p>}
      </div>
      {today.isPending && <p className="text-sm text-taupe">{TODAY_TEXT.loading}</p>}
      {today.isError && (
        <p role="alert" className="card p-4 text-sm text-red-700">
          {errorMessage(today.error)}
        </p>
      )}
      {today.data && tiles.length === 0 && (
        <p className="card p-4 text-sm text-taupe">{TODAY_TEXT.nothing}</p>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {tiles.map((tile) => (
          <li key={tile.key} className="min-w-0">
            <Tile tile={tile} linked={sections.includes(tile.section)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Tile({ tile, linked }: { tile: TodayTile; linked: boolean }) {
  const body = (
    <>
      <span className="block text-xs font-medium tracking-wide text-taupe uppercase">{tile.label}</span>
      <span className="mt-1 block text-xl font-semibold break-words text-ink sm:text-2xl">{tile.figure}</span>
      {tile.detail && <span className="mt-0.5 block text-xs break-words text-taupe">{tile.detail}</span>}
    </>
  );
  const tone = tile.attention ? 'border-l-4 border-l-gold-500' : '';
  if (!linked) return <div className={`card block h-full p-3 ${tone}`}>{body}</div>;
  return (
    <Link
      to={tileHref(tile)}
      className={`card block h-full p-3 transition-colors hover:bg-cream focus-visible:outline-2 ${tone}`}
    >
      {body}
    </Link>
  );
}
