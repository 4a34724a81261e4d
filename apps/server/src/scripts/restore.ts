// `npm run restore -- FILE`: into the embedded data folder (server stopped; the old folder is kept
// aside) or into DATABASE_URL, which must name a new, empty database.
import { BackupError, restore, targetFromEnv } from '../db/backup';
import { DataDirInUseError } from '../db/client';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
try {
  console.log(await restore(targetFromEnv(), file));
} catch (e) {
  if (!(e instanceof BackupError || e instanceof DataDirInUseError)) throw e;
  console.error(e.message);
  process.exit(1);
}
