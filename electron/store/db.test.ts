import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from './db.js';

/** A database with one scratch table; `dir` keeps it on disk so a reopen shows what was committed. */
function open(dir?: string): Database {
  const database = new Database(dir ? { kind: 'dir', dir } : { kind: 'memory' });
  database.db.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  return database;
}

const insert = (database: Database, text: string) =>
  database.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
const texts = (database: Database) =>
  (database.db.prepare('SELECT text FROM notes ORDER BY id').all() as { text: string }[]).map((r) => r.text);

/** A database holding the row `before` that cannot grow by a page: a write that needs one fails full. */
function fullAfterOneRow(): Database {
  const database = open();
  insert(database, 'before');
  const { page_count } = database.db.prepare('PRAGMA page_count').get() as { page_count: number };
  database.db.exec(`PRAGMA max_page_count = ${page_count}`);
  return database;
}

describe('Database group commit', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const scratchDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-group-'));
    dirs.push(dir);
    return dir;
  };

  it('runs each work at once and commits the works of one event-loop turn together', async () => {
    const database = open();
    const order: string[] = [];
    const first = database.grouped(() => {
      insert(database, 'a');
      database.afterCommit(() => order.push('after a'));
      return 'A';
    });
    const second = database.grouped(() => {
      insert(database, 'b');
      return 'B';
    });
    // Both ran, inside one still-open transaction.
    expect(texts(database)).toEqual(['a', 'b']);
    expect(database.db.isTransaction).toBe(true);
    expect(order).toEqual([]);
    expect(await Promise.all([first, second])).toEqual(['A', 'B']);
    expect(database.db.isTransaction).toBe(false);
    expect(order).toEqual(['after a']);
    database.close();
  });

  it('undoes a failing work alone: its writes and its after-commit callbacks go, the others commit', async () => {
    const database = open();
    const calls: string[] = [];
    const ok = database.grouped(() => insert(database, 'kept'));
    const failing = database.grouped(() => {
      insert(database, 'undone');
      database.afterCommit(() => calls.push('must not run'));
      throw new Error('service refused');
    });
    await expect(failing).rejects.toThrow('service refused');
    await ok;
    expect(texts(database)).toEqual(['kept']);
    expect(calls).toEqual([]);
    database.close();
  });

  it('a nested transaction inside a grouped work is a savepoint of it', async () => {
    const database = open();
    const done = database.grouped(() => {
      insert(database, 'outer');
      expect(() =>
        database.transaction(() => {
          insert(database, 'inner');
          throw new Error('inner failed');
        }),
      ).toThrow('inner failed');
      return database.transaction(() => insert(database, 'inner ok'));
    });
    await done;
    expect(texts(database)).toEqual(['outer', 'inner ok']);
    database.close();
  });

  describe('the savepoint of a grouped work, opened at its first write', () => {
    const HEAD = 'INSERT INTO notes (text)';
    /** The SQL texts the database prepares from now on (each statement is prepared once, then cached). */
    const prepared = (database: Database) => {
      const seen: string[] = [];
      const prepare = database.db.prepare.bind(database.db);
      database.db.prepare = (sql: string) => {
        seen.push(sql);
        return prepare(sql);
      };
      return seen;
    };

    it('a work whose only write is one insert runs it after the work, with no savepoint', async () => {
      const database = open();
      const seen = prepared(database);
      await Promise.all([
        database.grouped(() => database.insert(HEAD, ['one'])),
        database.grouped(() => database.insert(HEAD, ['two'])),
      ]);
      expect(texts(database)).toEqual(['one', 'two']);
      expect(seen.filter((sql) => /SAVEPOINT|RELEASE/.test(sql))).toEqual([]);
      database.close();
    });

    it('a work that fails after an insert leaves nothing of it; the group commits the others', async () => {
      const database = open();
      const calls: string[] = [];
      const kept = database.grouped(() => database.insert(HEAD, ['kept']));
      const failing = database.grouped(() => {
        database.insert(HEAD, ['never written']);
        database.afterCommit(() => calls.push('must not run'));
        throw new Error('service refused');
      });
      await expect(failing).rejects.toThrow('service refused');
      await kept;
      expect(texts(database)).toEqual(['kept']);
      expect(calls).toEqual([]);
      database.close();
    });

    it('a work reads the rows it inserted: they are written, in its savepoint, before the read', async () => {
      const database = open();
      const counted = database.grouped(() => {
        database.insert(HEAD, ['mine']);
        return (database.prepare('SELECT COUNT(*) AS n FROM notes').get() as { n: number }).n;
      });
      const failing = database.grouped(() => {
        database.insert(HEAD, ['read, then undone']);
        database.prepare('SELECT COUNT(*) AS n FROM notes').get();
        throw new Error('failed after its read');
      });
      await expect(failing).rejects.toThrow('failed after its read');
      expect(await counted).toBe(1);
      expect(texts(database)).toEqual(['mine']);
      database.close();
    });

    it('a work with a second write is undone whole when it fails, the insert before it included', async () => {
      const database = open();
      const failing = database.grouped(() => {
        database.insert(HEAD, ['first']);
        insert(database, 'second');
        throw new Error('failed after two writes');
      });
      await expect(failing).rejects.toThrow('failed after two writes');
      expect(texts(database)).toEqual([]);
      database.close();
    });

    it('the insert run after the work fails that request alone, with nothing of it kept', async () => {
      const database = open();
      database.db.exec('CREATE UNIQUE INDEX notes_text ON notes (text)');
      const calls: string[] = [];
      const first = database.grouped(() => database.insert(HEAD, ['same']));
      const second = database.grouped(() => {
        database.insert(HEAD, ['same']);
        database.afterCommit(() => calls.push('must not run'));
        database.onRollback(() => calls.push('undone'));
      });
      const third = database.grouped(() => database.insert(HEAD, ['other']));
      await expect(second).rejects.toThrow(/UNIQUE/);
      await Promise.all([first, third]);
      expect(texts(database)).toEqual(['same', 'other']);
      expect(calls).toEqual(['undone']);
      database.close();
    });

    it("the single inserts of a turn's works are written as one statement, in the order the works ended", async () => {
      const database = open();
      const seen = prepared(database);
      await Promise.all(
        ['one', 'two', 'three'].map((text) => database.grouped(() => database.insert(HEAD, [text]))),
      );
      expect(texts(database)).toEqual(['one', 'two', 'three']);
      expect(seen.filter((sql) => sql.startsWith(HEAD))).toEqual([`${HEAD} VALUES (?), (?), (?)`]);
      database.close();
    });

    it('rows of ended works are written before what must follow them: a later write, a read of their table', async () => {
      const database = open();
      const first = database.grouped(() => database.insert(HEAD, ['ended first']));
      // Outside any work, as a GET reads: it sees the rows of the works before it.
      expect(texts(database)).toEqual([]);
      expect(
        (database.prepare('SELECT text FROM notes').all() as { text: string }[]).map((r) => r.text),
      ).toEqual(['ended first']);
      const second = database.grouped(() => database.insert(HEAD, ['ended second']));
      const third = database.grouped(() => insert(database, 'written directly'));
      await Promise.all([first, second, third]);
      // Insertion order is the order of the works, which the row ids keep for listings' ties.
      expect(texts(database)).toEqual(['ended first', 'ended second', 'written directly']);
      database.close();
    });

    it("rows of ended works are not part of a later work's savepoint: its failure leaves them", async () => {
      const database = open();
      const kept = database.grouped(() => database.insert(HEAD, ['kept']));
      const failing = database.grouped(() => {
        database.insert(HEAD, ['undone']);
        insert(database, 'undone too');
        throw new Error('failed after two writes');
      });
      await expect(failing).rejects.toThrow('failed after two writes');
      await kept;
      expect(texts(database)).toEqual(['kept']);
      database.close();
    });

    it('a lone work whose rows fail at the end of the turn is undone and told, the group commits', async () => {
      const database = open();
      database.db.exec('CREATE UNIQUE INDEX notes_text ON notes (text)');
      insert(database, 'taken');
      const calls: string[] = [];
      const failing = database.grouped(() => {
        database.insert(HEAD, ['taken']);
        database.afterCommit(() => calls.push('must not run'));
        database.onRollback(() => calls.push('undone'));
      });
      const direct = database.grouped(() => insert(database, 'after it'));
      await expect(failing).rejects.toThrow(/UNIQUE/);
      await direct;
      expect(texts(database)).toEqual(['taken', 'after it']);
      expect(calls).toEqual(['undone']);
      database.close();
    });

    it('rows of ended works that fill the store lose the group, every request of it told', async () => {
      const database = fullAfterOneRow();
      const small = database.grouped(() => database.insert(HEAD, ['small']));
      const large = database.grouped(() => database.insert(HEAD, ['x'.repeat(20_000)]));
      await expect(small).rejects.toThrow(/full/);
      await expect(large).rejects.toThrow(/full/);
      expect(database.db.isTransaction).toBe(false);
      expect(texts(database)).toEqual(['before']);
      await database.grouped(() => database.insert(HEAD, ['fits']));
      database.close();
    });

    it('rows of two tables are written in one savepoint: a failing second statement undoes the first', async () => {
      const database = open();
      database.db.exec('CREATE TABLE tags (text TEXT NOT NULL UNIQUE)');
      database.db.exec("INSERT INTO tags (text) VALUES ('taken')");
      const failing = database.grouped(() => {
        database.insert(HEAD, ['note of a failed work']);
        database.insert('INSERT INTO tags (text)', ['taken']);
      });
      await expect(failing).rejects.toThrow(/UNIQUE/);
      expect(texts(database)).toEqual([]);
      database.close();
    });
  });

  it('a synchronous transaction outside any commits the open group first, so both are durable', async () => {
    const dir = scratchDir();
    const database = open(dir);
    let settled = false;
    const pending = database.grouped(() => insert(database, 'grouped')).then(() => (settled = true));
    database.transaction(() => insert(database, 'direct'));
    expect(database.db.isTransaction).toBe(false);
    await pending;
    expect(settled).toBe(true);
    // Another connection sees both without this one closing: they are committed, not just visible here.
    const reader = new Database({ kind: 'dir', dir });
    expect(texts(reader)).toEqual(['grouped', 'direct']);
    reader.close();
    database.close();
  });

  it('committed() waits for an open group and resolves at once without one', async () => {
    const database = open();
    await database.committed();
    const steps: string[] = [];
    void database.grouped(() => insert(database, 'x')).then(() => steps.push('write answered'));
    await database.committed().then(() => steps.push('read answered'));
    expect(steps).toEqual(['write answered', 'read answered']);
    expect(database.db.isTransaction).toBe(false);
    database.close();
  });

  it('close() commits a pending group instead of dropping it', async () => {
    const dir = scratchDir();
    const database = open(dir);
    const pending = database.grouped(() => insert(database, 'last words'));
    database.close();
    await pending;
    const again = open(dir);
    expect(texts(again)).toEqual(['last words']);
    again.close();
  });

  it('when SQLite itself rolls the whole transaction back (store full), every request of the group is told', async () => {
    const database = fullAfterOneRow();
    const earlier = database.grouped(() => insert(database, 'small'));
    const filling = database.grouped(() => {
      for (let i = 0; i < 100; i++) insert(database, 'x'.repeat(4000));
    });
    await expect(filling).rejects.toThrow(/full/);
    await expect(earlier).rejects.toThrow(/full/);
    expect(database.db.isTransaction).toBe(false);
    expect(texts(database)).toEqual(['before']);
    database.close();
  });

  it('a failing COMMIT rejects every request of the group and keeps none of their writes', async () => {
    const database = open();
    // A deferred foreign key is checked at COMMIT only: the way to make a commit itself fail.
    database.db.exec(
      'CREATE TABLE parents (id INTEGER PRIMARY KEY); ' +
        'CREATE TABLE children (parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const calls: string[] = [];
    const innocent = database.grouped(() => {
      insert(database, 'innocent');
      database.afterCommit(() => calls.push('must not run'));
    });
    const orphan = database.grouped(() => database.prepare('INSERT INTO children VALUES (42)').run());
    await expect(innocent).rejects.toThrow(/FOREIGN KEY/);
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    expect(database.db.isTransaction).toBe(false);
    expect(texts(database)).toEqual([]);
    expect(calls).toEqual([]);
    // The next group works normally.
    await database.grouped(() => insert(database, 'after'));
    expect(texts(database)).toEqual(['after']);
    database.close();
  });
});

describe('Database.onRollback: undo steps for in-memory state', () => {
  it('runs, newest first, when the transaction rolls back; dropped when it commits', () => {
    const database = open();
    const steps: string[] = [];
    expect(() =>
      database.transaction(() => {
        database.onRollback(() => steps.push('first'));
        database.onRollback(() => steps.push('second'));
        throw new Error('failed');
      }),
    ).toThrow('failed');
    expect(steps).toEqual(['second', 'first']);
    database.transaction(() => database.onRollback(() => steps.push('must not run')));
    // A later rollback does not undo what an earlier transaction committed.
    expect(() =>
      database.transaction(() => {
        throw new Error('again');
      }),
    ).toThrow('again');
    expect(steps).toEqual(['second', 'first']);
    database.close();
  });

  it('a savepoint rolled back runs only its own steps; a released one hands them to its parent', () => {
    const database = open();
    const steps: string[] = [];
    database.transaction(() => {
      database.onRollback(() => steps.push('outer'));
      expect(() =>
        database.transaction(() => {
          database.onRollback(() => steps.push('inner undone'));
          throw new Error('inner');
        }),
      ).toThrow('inner');
      expect(steps).toEqual(['inner undone']);
      database.transaction(() => database.onRollback(() => steps.push('inner released')));
    });
    expect(steps).toEqual(['inner undone']);
    expect(() =>
      database.transaction(() => {
        database.transaction(() => database.onRollback(() => steps.push('released, then outer failed')));
        throw new Error('outer');
      }),
    ).toThrow('outer');
    expect(steps).toEqual(['inner undone', 'released, then outer failed']);
    database.close();
  });

  it('in a commit group: a failing work undoes its own steps; a failing COMMIT undoes every work’s', async () => {
    const database = open();
    database.db.exec(
      'CREATE TABLE parents (id INTEGER PRIMARY KEY); ' +
        'CREATE TABLE children (parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const steps: string[] = [];
    const ok = database.grouped(() => database.onRollback(() => steps.push('ok undone')));
    const failing = database.grouped(() => {
      database.onRollback(() => steps.push('failing undone'));
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(steps).toEqual(['failing undone']);
    await ok;
    expect(steps).toEqual(['failing undone']);

    const innocent = database.grouped(() => database.onRollback(() => steps.push('innocent undone')));
    const orphan = database.grouped(() => database.prepare('INSERT INTO children VALUES (42)').run());
    await expect(innocent).rejects.toThrow(/FOREIGN KEY/);
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    expect(steps).toEqual(['failing undone', 'innocent undone']);
    database.close();
  });

  it('is ignored outside a transaction (nothing to roll back)', () => {
    const database = open();
    const steps: string[] = [];
    database.onRollback(() => steps.push('never'));
    expect(() =>
      database.transaction(() => {
        throw new Error('x');
      }),
    ).toThrow('x');
    expect(steps).toEqual([]);
    database.close();
  });
});

describe('Database.deferInserts: rows written a few dozen per statement', () => {
  const HEAD = 'INSERT INTO notes (text)';
  const statementsRun = (database: Database) => {
    const seen: string[] = [];
    const prepare = database.prepare.bind(database);
    database.prepare = (sql: string) => {
      if (sql.startsWith(HEAD)) seen.push(sql);
      return prepare(sql);
    };
    return seen;
  };

  it('writes 120 rows in three statements, in order, and every read of their table sees them', () => {
    const database = open();
    const seen = statementsRun(database);
    const counted: number[] = [];
    database.transaction(() =>
      database.deferInserts(() => {
        for (let i = 0; i < 120; i++) {
          database.insert(HEAD, [`row ${i}`]);
          if (i === 9)
            counted.push(
              Number((database.prepare('SELECT COUNT(*) AS n FROM notes').get() as { n: number }).n),
            );
        }
      }),
    );
    expect(counted).toEqual([10]);
    expect(texts(database)).toEqual(Array.from({ length: 120 }, (_, i) => `row ${i}`));
    // 10 rows before the read, then 50, 50 and the last 10.
    expect(seen.map((sql) => sql.split('(?)').length - 1)).toEqual([10, 50, 50, 10]);
  });

  it('writes the waiting rows before any other write, so statements keep their order', () => {
    const database = open();
    database.transaction(() =>
      database.deferInserts(() => {
        database.insert(HEAD, ['first']);
        insert(database, 'second');
        database.insert(HEAD, ['third']);
      }),
    );
    expect(texts(database)).toEqual(['first', 'second', 'third']);
  });

  it('drops the rows of work that fails, and of a savepoint rolled back, and keeps the rest', () => {
    const database = open();
    expect(() =>
      database.transaction(() =>
        database.deferInserts(() => {
          database.insert(HEAD, ['lost']);
          throw new Error('the work failed');
        }),
      ),
    ).toThrow('the work failed');
    database.transaction(() =>
      database.deferInserts(() => {
        database.insert(HEAD, ['kept']);
        expect(() =>
          database.transaction(() => {
            database.insert(HEAD, ['undone']);
            throw new Error('the inner work failed');
          }),
        ).toThrow('the inner work failed');
        database.insert(HEAD, ['kept too']);
      }),
    );
    expect(texts(database)).toEqual(['kept', 'kept too']);
  });

  it('a row that cannot be inserted fails the work when the rows are written, and nothing of it stays', () => {
    const database = open();
    database.db.exec('CREATE UNIQUE INDEX notes_text ON notes (text)');
    expect(() =>
      database.transaction(() =>
        database.deferInserts(() => {
          database.insert(HEAD, ['twice']);
          database.insert(HEAD, ['twice']);
        }),
      ),
    ).toThrow(/UNIQUE/);
    expect(texts(database)).toEqual([]);
  });

  it('inserts at once outside deferInserts, and only inside a transaction', () => {
    const database = open();
    expect(() => database.insert(HEAD, ['outside'])).toThrow(/outside a transaction/);
    database.transaction(() => {
      database.insert(HEAD, ['at once']);
      expect(texts(database)).toEqual(['at once']);
    });
  });
});

describe('Database.withLargeCache: a long pass of work with a page cache as large as its dirty pages', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const cacheKib = (database: Database) =>
    -Number((database.db.prepare('PRAGMA cache_size').get() as { cache_size: number }).cache_size);

  it('on disk: 256 MiB while the work runs, nested or failing, and the usual 32 MiB after', () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-cache-'));
    dirs.push(dir);
    const database = open(dir);
    try {
      expect(cacheKib(database)).toBe(32 * 1024);
      const seen = database.withLargeCache(() => {
        const outer = cacheKib(database);
        const nested = database.withLargeCache(() => cacheKib(database));
        return { outer, nested, after: cacheKib(database) };
      });
      expect(seen).toEqual({ outer: 256 * 1024, nested: 256 * 1024, after: 256 * 1024 });
      expect(cacheKib(database)).toBe(32 * 1024);
      expect(() =>
        database.withLargeCache(() => {
          throw new Error('job failed');
        }),
      ).toThrow('job failed');
      expect(cacheKib(database)).toBe(32 * 1024);
    } finally {
      database.close();
    }
  });

  it('in memory: pages are read in place, the cache is left as it is', () => {
    const database = open();
    const before = cacheKib(database);
    expect(database.withLargeCache(() => cacheKib(database))).toBe(before);
    database.close();
  });
});
