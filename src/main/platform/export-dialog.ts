// "Exporter vers Excel" in Electron: the save dialog runs in main, over the app's window, so the
// renderer never names a path. It opens in the folder chosen last (this session), else Downloads.
import { dirname, join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import type { ChooseExportPath } from '../services/export/export-jobs.ts';
import { wordsFor } from '../services/export/words.ts';
import { ledgerWords } from '../services/export/layouts/entries.ts';

export function createExportDialog(window: () => BrowserWindow | undefined): ChooseExportPath {
  let lastFolder: string | undefined;
  return async (defaultName, language) => {
    const words = wordsFor(language).exports.dialog;
    const fec = ledgerWords(language).dialog;
    // A FEC is text under its legal name; every other export is a workbook.
    const text = defaultName.toLowerCase().endsWith('.txt');
    const folder = lastFolder ?? app.getPath('downloads');
    const options = {
      title: text ? fec.fecTitle : words.title,
      defaultPath: join(folder, defaultName),
      filters: [
        text
          ? { name: fec.fecFilter, extensions: ['txt'] }
          : { name: words.filter, extensions: ['xlsx'] },
      ],
      properties: ['createDirectory', 'showOverwriteConfirmation'] as (
        'createDirectory' | 'showOverwriteConfirmation'
      )[],
    };
    const parent = window() ?? BrowserWindow.getFocusedWindow() ?? undefined;
    const answer =
      parent && !parent.isDestroyed()
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
    if (answer.canceled || !answer.filePath) return null;
    lastFolder = dirname(answer.filePath);
    return answer.filePath;
  };
}
