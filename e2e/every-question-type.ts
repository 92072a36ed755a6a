/** A paper's sections with one question of every type, the tap form both with option texts and with only a count. */
export const EVERY_TYPE_SECTIONS = [
  {
    name: 'Choice',
    instruction: '<p>Choose carefully.</p>',
    questions: [
      { qt: 3, pm: 4, nm: 1, text: '<p>Which planet is largest?</p>', options: { A: 'Mars', B: 'Jupiter', C: 'Venus', D: 'Earth' }, answer: 'B' },
      { qt: 4, pm: 4, nm: 1, text: '<p>Which are prime numbers?</p>', options: { A: 'Two', B: 'Four', C: 'Five', D: 'Nine' }, answer: ['A', 'C'] },
      { qt: 5, pm: 3, nm: 1, extra: '<p>Water boils at 100 degrees at sea level.</p>', text: '<p>At sea level water boils at</p>', options: { A: '90', B: '100', C: '110' }, answer: 'B' },
      { qt: 7, pm: 2, text: '<p>Pick the colour of the sky.</p>', options: { A: 'Green', B: 'Blue' }, answer: 'B' },
    ],
  },
  { name: 'Numerical', questions: [{
        qt: 6,
        pm: 4,
        // MathML, as the question bank stores TeX: the test screen shows it (and nothing of its script).
        text: '<p>Enter minus twelve and a half: <math display="inline" onclick="alert(1)"><mrow><mo>\u2212</mo><mfrac><mn>25</mn><mn>2</mn></mfrac></mrow><mi href="javascript:alert(1)">x</mi><script>alert(1)</script></math>.</p>',
        answer: -12.5,
      }] },
  {
    name: 'Written',
    questions: [
      { qt: 1, pm: 5, text: '<p>State the first law of motion.</p>' },
      { qt: 8, pm: 5, text: '<p>Describe a rainbow.</p>' },
    ],
  },
  {
    name: 'Tap',
    tap: true,
    questions: [
      { qt: 7, pm: 2, noo: 3, text: '<p>Tap the SI unit of force.</p>', options: { a: 'joule', b: 'newton', c: 'watt' }, answer: 'b' },
      // Options only counted: their texts are printed in the question, as on an answer sheet.
      { qt: 7, pm: 2, noo: 6, text: '<p>The SI unit of power is</p><p>(a) joule (b) newton (c) watt (d) pascal (e) volt (f) tesla</p>', answer: 'c' },
    ],
  },
];
