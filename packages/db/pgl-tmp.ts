import { PGlite } from '@electric-sql/pglite';
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const p = await PGlite.create('memory://');
  await p.query('select 1');
  console.log('pglite', i, (performance.now() - t).toFixed(0));
  if (i === 1) {
    const t2 = performance.now();
    const dump = await p.dumpDataDir('none');
    console.log('dump', (performance.now() - t2).toFixed(0), dump.size);
    const t3 = performance.now();
    const q = await PGlite.create({ loadDataDir: dump });
    await q.query('select 1');
    console.log('load', (performance.now() - t3).toFixed(0));
  }
}
