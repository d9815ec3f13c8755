// Writes the demo's technical reference documents (issue 14 item 8) to public/docs/: small,
// self-contained HTML pages (no scripts, one inline style, allowed by the server's CSP), served
// by the product itself so they open without the outside world and can be kept offline.
// Run: node scripts/make-demo-docs.mjs (the output is committed; run again after editing).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const STYLE = `body{font:16px/1.55 system-ui,sans-serif;max-width:44rem;margin:0 auto;padding:1.5rem;color:#1a202c;background:#fff}
h1{font-size:1.6rem;color:#0b3a47}h2{font-size:1.2rem;margin-top:1.6rem;color:#0b3a47}
.kind{color:#4a5568;font-size:.9rem}table{border-collapse:collapse}td,th{border:1px solid #a0aec0;padding:.3rem .6rem;text-align:left}
@media (prefers-color-scheme:dark){body{background:#111;color:#e2e8f0}h1,h2{color:#9ad1d4}.kind{color:#a0aec0}}`;

/** [path, title, kind, sections: [heading, paragraphs or list items][]] */
const DOCS = [
  [
    'videos/s30-daily-start-up.html',
    'S30 Sigma: daily start-up and shutdown',
    'Training walkthrough',
    [
      [
        'Start-up',
        [
          'Switch on the main isolator under the base cover.',
          'Wait for the control panel to show READY (about 20 s) before moving the chair.',
          'Run the chair through one full lift and recline cycle without a patient.',
          'Flush each instrument line for 30 s into the cuspidor.',
        ],
      ],
      [
        'Shutdown',
        [
          'Return the chair to the entry position (lowest, upright).',
          'Flush the instrument lines for 30 s.',
          'Switch off the main isolator; the panel light goes out after 5 s.',
        ],
      ],
    ],
  ],
  [
    'videos/u500-ambidextrous-conversion.html',
    'U500: converting between left- and right-handed working',
    'Training walkthrough',
    [
      [
        'Before you start',
        [
          'Park the chair in the entry position and lock the base brake.',
          'Remove the instruments from the delivery head.',
        ],
      ],
      [
        'Conversion',
        [
          'Release the swing-arm lock under the delivery unit.',
          'Swing the unit over the chair to the other side until it clicks into the detent.',
          'Move the foot pedal to the operator side; the cable runs under the base cover.',
          'Select LEFT or RIGHT on the control panel so the presets mirror.',
        ],
      ],
      ['Check', ['Run one lift and recline cycle and confirm the arm is locked.']],
    ],
  ],
  [
    'videos/water-line-disinfection.html',
    'Weekly water line disinfection',
    'Training walkthrough',
    [
      [
        'You need',
        [
          'The approved line disinfectant at the strength on its label.',
          'Ten minutes at the end of the last session of the week.',
        ],
      ],
      [
        'Steps',
        [
          'Fill the bottle system with disinfectant.',
          'Run each instrument line until disinfectant reaches the tip (about 30 s).',
          'Leave it to stand for the contact time on the label.',
          'Refill with fresh water and flush each line for 2 minutes.',
          'Record the disinfection in the chair log.',
        ],
      ],
    ],
  ],
  [
    'manuals/s30-sigma-service-manual.html',
    'S30 Sigma installation and service manual',
    'Technical document',
    [
      [
        'Installation',
        [
          'Floor: level within 2 mm over the base footprint; fix with the four M10 anchors supplied.',
          'Supply: 230 V 50 Hz, 10 A dedicated circuit; water 2-5 bar; air 5-7 bar, oil free.',
          'Levelling: adjust the base feet until the seat is level front to back and side to side.',
        ],
      ],
      [
        'Annual service',
        [
          'Check the lift and recline hydraulics for leaks; top up with the specified oil only.',
          'Test every safety stop: the chair must stop when the base switch or backrest switch is pressed.',
          'Replace the water filter and the air filter.',
          'Check upholstery seams and the headrest lock.',
        ],
      ],
      [
        'Fault codes',
        [
          'E01 lift motor overload: check for obstructions under the seat, then reset.',
          'E02 recline limit switch: check the switch and its cable at the backrest hinge.',
          'E05 low water pressure: check the supply valve and the filter.',
        ],
      ],
    ],
  ],
  [
    'manuals/u500-technical-specification.html',
    'U500 Ambidextrous technical specification',
    'Technical document',
    [
      [
        'Dimensions and loads',
        ['Seat height: 380-800 mm.', 'Maximum patient load: 185 kg.', 'Footprint: 700 × 1,100 mm.'],
      ],
      [
        'Supplies',
        [
          'Electrical: 230 V 50 Hz, 1.2 kVA.',
          'Water: 2-5 bar, 10 µm filtered.',
          'Air: 5-7 bar, dry and oil free.',
        ],
      ],
      [
        'Conversion',
        [
          'Left- and right-handed working in under two minutes without tools (see the conversion walkthrough).',
        ],
      ],
    ],
  ],
  [
    'manuals/upholstery-care.html',
    'Upholstery care and colour chart (H1-H14, S1-S16)',
    'Technical document',
    [
      [
        'Daily care',
        [
          'Wipe with a damp cloth and a mild, alcohol-free cleaner.',
          'Do not use solvents, abrasive pads or undiluted disinfectant.',
        ],
      ],
      [
        'Colours',
        [
          'Formed upholstery: H1 to H14.',
          'Sewn upholstery: S1 to S16.',
          'Quote the colour code from the chair configuration when ordering replacement covers.',
        ],
      ],
    ],
  ],
];

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

for (const [path, title, kind, sections] of DOCS) {
  const body = sections
    .map(
      ([heading, items]) =>
        `<h2>${escape(heading)}</h2>\n<ul>\n${items.map((i) => `<li>${escape(i)}</li>`).join('\n')}\n</ul>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Chairside Service</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="kind">${escape(kind)} · Chairside Service demo</p>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>
`;
  const file = join('public/docs', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}
console.log(`${DOCS.length} documents in public/docs`);
