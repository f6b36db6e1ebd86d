import { describe, expect, it } from 'vitest';
import { readSheet } from './sheets';

const csv = (text: string) => readSheet('file.csv', Buffer.from(text, 'utf8'));

describe('readSheet (CSV)', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks inside them', async () => {
    const text = 'source,text,author\n"google","Slow, cold ""fries""",Kim\ntripadvisor,"two\nlines",\n';
    expect(await csv(text)).toEqual([
      ['source', 'text', 'author'],
      ['google', 'Slow, cold "fries"', 'Kim'],
      ['tripadvisor', 'two\nlines', ''],
    ]);
  });

  it('takes semicolons when the header has more of them, and Windows line ends and a byte-order mark', async () => {
    expect(await csv('\uFEFFsource;rating;text\r\ngoogle;5;Good, really\r\nyelp;;\r\n')).toEqual([
      ['source', 'rating', 'text'],
      ['google', '5', 'Good, really'],
      ['yelp', '', ''],
    ]);
  });

  it('keeps a quote inside a plain cell as text, and a last line without a line break', async () => {
    expect(await csv('a,b\n5" screen,"x"\nlast,')).toEqual([
      ['a', 'b'],
      ['5" screen', 'x'],
      ['last', ''],
    ]);
  });

  it('refuses a quoted value that is never closed', async () => {
    await expect(csv('a,b\n"open,1\n')).rejects.toMatchObject({
      statusCode: 400,
      message: 'The CSV file is broken: a quoted value is never closed.',
    });
  });
});
