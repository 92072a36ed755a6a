import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';
import { tinyPdf } from './tiny-pdf';

describe('sanitizeHtml', () => {
  it('keeps the markup of a marksheet', () => {
    const html =
      '<h2 class="title">Term 1</h2><table border="1" cellpadding="4"><thead><tr><th colspan="2">Marks</th></tr></thead>' +
      '<tbody><tr><td align="left">Maths</td><td>90 &amp; more</td></tr></tbody></table><p style="text-align: center; color: #333">Signed<br>Principal</p>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="seal"><a href="https://example.edu/verify?id=1&amp;x=2">Verify</a>';
    expect(sanitizeHtml(html)).toBe(
      '<h2 class="title">Term 1</h2><table border="1" cellpadding="4"><thead><tr><th colspan="2">Marks</th></tr></thead>' +
        '<tbody><tr><td align="left">Maths</td><td>90 &amp; more</td></tr></tbody></table><p style="text-align: center; color: #333">Signed<br>Principal</p>' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="seal"><a href="https://example.edu/verify?id=1&amp;x=2" rel="noopener noreferrer" target="_blank">Verify</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<img src="javascript:alert(1)">', '<img>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#115;cript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JavaScript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
    ['<svg><script>alert(1)</script></svg>after', 'after'],
    ['<iframe src="https://evil.example"></iframe>x', 'x'],
    ['<style>body{display:none}</style>x', 'x'],
    ['<p style="background: url(https://evil.example/t.png)">x</p>', '<p>x</p>'],
    ['<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    ['<!-- <script>alert(1)</script> -->x', 'x'],
    ['<![CDATA[<script>]]>x', ']]&gt;x'],
    ['<p title="a&quot; onmouseover=&quot;alert(1)">x</p>', '<p title="a&quot; onmouseover=&quot;alert(1)">x</p>'],
    ['<p title=\'"><script>alert(1)</script>\'>x</p>', '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</p>'],
    ['<form action="/x"><input name="a">text</form>', 'text'],
    ['<b>bold <i>both</b> italic</i>', '<b>bold <i>both</i></b> italic'],
    ['</div>stray<div>open', 'stray<div>open</div>'],
    ['1 < 2 && 3 > 2', '1 &lt; 2 &amp;&amp; 3 &gt; 2'],
    ['<p unterminated', ''],
    ['<textarea><img src=x onerror=alert(1)></textarea>ok', 'ok'],
    ['<td colspan="2; x">c</td>', '<td>c</td>'],
  ])('neutralises %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('tinyPdf', () => {
  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = tinyPdf('Title (with parentheses)', ['line \\ one', 'two']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(pdf.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`));
    expect(pdf).toContain('(Title \\(with parentheses\\)) Tj');
    const length = Number(/\/Length (\d+)/.exec(pdf)?.[1]);
    const streamStart = pdf.indexOf('stream\n') + 'stream\n'.length;
    expect(pdf.slice(streamStart + length, streamStart + length + 10)).toBe('\nendstream');
  });
});
