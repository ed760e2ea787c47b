/**
 * The demo's editorial copy: what a fan of a striker who also fronts a band finds on a fresh
 * clone. It follows the catalogue's world (the number 9, the Extra Time tour, the debut album
 * Offside Sessions). References between items ("post:album-out") are resolved to real ids
 * and paths by content.ts.
 */
import type { FeedKind } from '@fanshop/core'

/** A link to another demo item, resolved when seeding: 'post:key', 'music:key', 'lookbook:key', 'story:key', or a path. */
export type DemoRef = string

export interface DemoTerm {
  slug: string
  name: string
  description: string
}

export const DEMO_TERMS: DemoTerm[] = [
  {
    slug: 'matchday',
    name: 'Matchday',
    description: 'Goals, dressing-room moments and everything from the pitch.',
  },
  { slug: 'studio', name: 'Studio', description: 'Demos, late sessions and the songs still in the making.' },
  { slug: 'on-tour', name: 'On tour', description: 'Stages, soundchecks and the road between the shows.' },
  { slug: 'style', name: 'Style', description: 'Drops, fits and the stories behind the merch.' },
  {
    slug: 'foundation',
    name: 'Foundation',
    description: 'Open pitches, music rooms and the kids who fill them.',
  },
]

export interface DemoRelease {
  key: string
  slug: string
  title: string
  releaseType: 'album' | 'ep' | 'single'
  label: string
  daysAgo: number
  excerpt: string
  content: string
  tracks: { title: string; seconds: number }[]
  video: { title: string; seconds: number } | null
}

export const DEMO_RELEASES: DemoRelease[] = [
  {
    key: 'offside-sessions',
    slug: 'offside-sessions',
    title: 'Offside Sessions',
    releaseType: 'album',
    label: 'Dressing Room Records',
    daysAgo: 34,
    excerpt:
      '<p>The debut album: eleven songs recorded in the dressing room after evening training, with the squad on handclaps.</p>',
    content:
      '<p>Eleven songs, one dressing room. <em>Offside Sessions</em> was recorded after evening training, with the kit bags pushed against the lockers and a borrowed upright piano wheeled in from the players’ lounge. The tiles gave the drums their slap; the squad gave the choruses their voices.</p><p>It is an album about the two lives: the 90 minutes everyone sees and the hours nobody does. Listen for the studs on the concrete at the start of <strong>Tunnel</strong>, and for the whole first team singing the last chorus of <strong>Left Foot, Right Chord</strong>.</p><h2>Credits</h2><ul><li>Written and produced by Dani Rocha and the band</li><li>Recorded in the home dressing room, mixed in Lisbon</li><li>Handclaps and gang vocals: the first-team squad</li></ul>',
    tracks: [
      { title: 'Tunnel', seconds: 7 },
      { title: 'Left Foot, Right Chord', seconds: 8 },
      { title: 'Offside Trap', seconds: 7 },
      { title: 'Floodlights', seconds: 8 },
      { title: 'Bench Warmer Blues', seconds: 7 },
      { title: 'Number 9', seconds: 8 },
      { title: 'Away Days', seconds: 7 },
      { title: 'Half-Time Talk', seconds: 6 },
      { title: 'Golden Boot', seconds: 8 },
      { title: 'Extra Time', seconds: 7 },
      { title: 'Final Whistle', seconds: 9 },
    ],
    video: { title: 'Offside Sessions: the visualiser', seconds: 2 },
  },
  {
    key: 'left-foot-right-chord',
    slug: 'left-foot-right-chord',
    title: 'Left Foot, Right Chord',
    releaseType: 'single',
    label: 'Dressing Room Records',
    daysAgo: 61,
    excerpt:
      '<p>The lead single, and the line the whole stadium sings back: “left foot, right chord, and the net still shaking”.</p>',
    content:
      '<p>The song started as a voice memo on the team bus after a 2–1 away win. By the time the season ended, forty thousand people were singing the hook back at the pitch before kick-off.</p><p>The single version keeps the bus demo’s acoustic guitar underneath the full band. The video was shot in one take on the training ground at dawn.</p>',
    tracks: [{ title: 'Left Foot, Right Chord', seconds: 8 }],
    video: { title: 'Left Foot, Right Chord (official video)', seconds: 2 },
  },
  {
    key: 'extra-time-live',
    slug: 'extra-time-live-on-tour',
    title: 'Extra Time (Live on Tour)',
    releaseType: 'ep',
    label: 'Dressing Room Records',
    daysAgo: 9,
    excerpt:
      '<p>Three songs recorded live on the Extra Time tour: twenty-two nights, eleven cities, one very loud crowd.</p>',
    content:
      '<p>Recorded on three nights of the Extra Time tour, straight from the desk, with the crowd mics turned up. No overdubs, no fixes: what you hear is what the front row heard.</p><blockquote><p>Every night felt like a cup final with a drum kit.</p></blockquote><p>The EP closes with the full-stadium version of <strong>Extra Time</strong> from the home-ground show after the last league game.</p>',
    tracks: [
      { title: 'Tunnel (Live in Porto)', seconds: 7 },
      { title: 'Away Days (Live in Lyon)', seconds: 7 },
      { title: 'Extra Time (Live at the home ground)', seconds: 9 },
    ],
    video: null,
  },
  {
    key: 'golden-boot',
    slug: 'golden-boot',
    title: 'Golden Boot',
    releaseType: 'single',
    label: 'Dressing Room Records',
    daysAgo: 120,
    excerpt: '<p>Twenty-seven goals, one trophy, one song written the night he lifted it.</p>',
    content:
      '<p>Written at the kitchen table the night of the awards, with the trophy used as a paperweight for the lyric sheet. A slow one, for everyone who passed him the ball.</p>',
    tracks: [{ title: 'Golden Boot', seconds: 8 }],
    video: null,
  },
]

export interface DemoPost {
  key: string
  slug: string
  title: string
  author: string
  daysAgo: number
  terms: string[]
  excerpt: string
  content: string
}

/** The launch as the demo posts write it, from the launch setting at seed time (content.ts). */
export interface DemoLaunch {
  /** "29 October" */
  day: string
  /** "07:00" */
  time: string
  /** Where the shop's clock is ("Madrid"), from SHOP_TZ. */
  place: string
}

export function demoPosts(launch: DemoLaunch): DemoPost[] {
  return [
    {
      key: 'album-out',
      slug: 'offside-sessions-is-out-now',
      title: 'Offside Sessions is out now',
      author: 'The team',
      daysAgo: 34,
      terms: ['studio'],
      excerpt:
        '<p>The debut album, recorded in the dressing room after evening training, is out everywhere today.</p>',
      content:
        '<p>It is here. <em>Offside Sessions</em>, eleven songs recorded in the home dressing room after evening training, is out on every streaming service and on 180 g vinyl in the shop.</p><p>Thank you for singing these songs back before they even had names. The album is yours now: play it loud on the way to the ground.</p><h2>Where to listen</h2><p>Open the album in <a href="/music">Music</a> for the full track list, the visualiser and links to your streaming service.</p>',
    },
    {
      key: 'derby-chorus',
      slug: 'two-goals-one-song',
      title: 'Two goals, one song: how the derby became a chorus',
      author: 'Matchday desk',
      daysAgo: 6,
      terms: ['matchday', 'studio'],
      excerpt:
        '<p>A brace in the derby, and a crowd that would not stop singing. By Monday it was a demo.</p>',
      content:
        '<p>The first goal came from a corner nobody expected him to reach. The second was a left-footed volley from the edge of the box that the keeper only watched. The South Stand started singing in the 78th minute and were still singing on the metro home.</p><p>On Monday morning Dani brought a phone recording of the stand into rehearsal. The band slowed it down, added a piano, and the chorus of the next single was done before lunch.</p><blockquote><p>They wrote the hook. I just had to score twice to hear it.</p></blockquote>',
    },
    {
      key: 'drop-10',
      slug: 'the-extra-time-drop-lands',
      title: `The Extra Time drop lands on ${launch.day}`,
      author: 'The team',
      daysAgo: 12,
      terms: ['style'],
      excerpt: `<p>Tour tees, the heavyweight Number 9 and the signed poster: the new drop opens at ${launch.time} on ${launch.day}.</p>`,
      content: `<p>The new drop opens on <strong>${launch.day} at ${launch.time}</strong> (${launch.place} time). Tour tees with all twenty-two dates, the heavyweight Number 9 tee with a puff-printed back, and a small run of hand-signed tour posters.</p><p>Everything is printed in Porto on organic cotton. When a size is gone, it is gone: we hold your bag for one hour once you add something, so there is time to think, but not forever.</p><p>Have an access code from the tour? Enter it before the launch to shop early.</p>`,
    },
    {
      key: 'fifth-pitch',
      slug: 'foundation-opens-fifth-pitch',
      title: 'The foundation opens its fifth open pitch',
      author: 'Foundation team',
      daysAgo: 18,
      terms: ['foundation'],
      excerpt:
        '<p>Floodlights, a new surface and a music room next door: pitch number five is open to every kid in the neighbourhood.</p>',
      content:
        '<p>The fifth open pitch is open. The old cage pitch behind the market has a new surface, floodlights until 22:00 and, in the old caretaker’s room, a music room with two guitars, a keyboard and a drum kit donated by the band.</p><p>Training is free, every weekday from 17:00. The music room opens on Saturdays. Coaches and music teachers are volunteers from the club and the conservatory.</p>',
    },
    {
      key: 'tour-dates',
      slug: 'extra-time-tour-final-dates',
      title: 'Extra Time tour: the final dates',
      author: 'The team',
      daysAgo: 25,
      terms: ['on-tour'],
      excerpt: '<p>Eleven cities, twenty-two nights, every show planned around the fixture list.</p>',
      content: `<p>The tour is built around the season: every show falls on a night without a match the next day, and the bus leaves straight after the encore so he is back for training.</p><ul><li>Porto: two nights</li><li>Lyon: two nights</li><li>Milan, Munich, Amsterdam: two nights each</li><li>The home ground: the closing show after the last league game</li></ul><p>Tour merch is available at the shows and, from ${launch.day}, in the shop.</p>`,
    },
    {
      key: 'away-shirt',
      slug: 'designing-the-tour-tee-with-fans',
      title: 'Behind the tour tee: designed with the fans',
      author: 'Style desk',
      daysAgo: 41,
      terms: ['style', 'on-tour'],
      excerpt:
        '<p>Four hundred sketches from the supporters’ club, one tee. How the Extra Time design came together.</p>',
      content:
        '<p>We asked the supporters’ club for ideas and got four hundred sketches, two poems and one very detailed drawing of the kit man. The winning idea came from a fourteen-year-old in the South Stand: the tour dates running down the back, like a team sheet.</p><p>She got the first tee off the press and a seat on the team bus to the Porto show.</p>',
    },
  ]
}

export interface DemoArticle {
  slug: string
  title: string
  excerpt: string
  content: string
}

export interface DemoStory {
  key: string
  slug: string
  title: string
  subtitle: string
  daysAgo: number
  excerpt: string
  content: string
  articles: DemoArticle[]
}

export const DEMO_STORIES: DemoStory[] = [
  {
    key: 'ninety-minutes',
    slug: 'ninety-minutes',
    title: 'Ninety Minutes',
    subtitle: 'A season told from the dressing room',
    daysAgo: 3,
    excerpt: '<p>From the first pre-season run to the last whistle: the season as the squad lived it.</p>',
    content:
      '<p>A season is thirty-eight matches, but it is also four hundred training sessions, a thousand hours on buses and one injury that nobody saw coming. <em>Ninety Minutes</em> follows it all, told by the people in the dressing room.</p>',
    articles: [
      {
        slug: 'pre-season-the-first-run',
        title: 'Pre-season: the first run',
        excerpt:
          '<p>Six in the morning, a hill behind the training ground, and legs that still remember the summer.</p>',
        content:
          '<p>Pre-season starts with a hill. The fitness coach calls it “the conversation”, because by the third climb nobody has breath left for one. Dani finished second, behind the youngest player in the squad, and said so in the group chat before anyone else could.</p><p>In the evenings he carried a guitar to the hotel terrace. By the end of the camp, half the team knew the chords to a song that did not have a name yet. It became <strong>Tunnel</strong>.</p>',
      },
      {
        slug: 'derby-week',
        title: 'Derby week',
        excerpt: '<p>Seven days of tension, one team talk and a volley from the edge of the box.</p>',
        content:
          '<p>Derby week has its own rhythm. Training is shorter and sharper, the canteen is quieter and the city is louder. On Thursday the captain asked him to play something before the team meeting; he played nothing, and instead let the South Stand recording from last year fill the room.</p><p>On Sunday he scored twice. The second goal, a left-footed volley, is the one painted on the wall outside the ground now.</p>',
      },
      {
        slug: 'the-injury',
        title: 'The injury',
        excerpt: '<p>Six weeks out with a hamstring, and a piano in the physio room.</p>',
        content:
          '<p>The hamstring went in the 60th minute of a rainy Tuesday game. Six weeks out. The physio room had an old piano that nobody had tuned in years; he had it tuned in the first week, and played it between treatment sessions.</p><p>Half of <strong>Bench Warmer Blues</strong> was written there. The physios are thanked in the liner notes.</p>',
      },
      {
        slug: 'back-on-the-pitch',
        title: 'Back on the pitch',
        excerpt: '<p>Ten minutes off the bench, one touch, one goal.</p>',
        content:
          '<p>He came on in the 80th minute of his first game back. His first touch was a pass back to midfield. His second was a shot into the bottom corner. The bench emptied onto the touchline and the physios got the first hug.</p><blockquote><p>I have never been so happy to be a substitute.</p></blockquote>',
      },
    ],
  },
  {
    key: 'making-offside-sessions',
    slug: 'making-offside-sessions',
    title: 'Making Offside Sessions',
    subtitle: 'Eighteen months, one dressing room and a borrowed piano',
    daysAgo: 30,
    excerpt: '<p>How a debut album got recorded between evening training and the last bus home.</p>',
    content:
      '<p>The album took eighteen months because it could only be recorded on evenings without a match the next day. These are the stories of the sessions, the songs that almost did not make it and the squad that became a choir.</p>',
    articles: [
      {
        slug: 'a-demo-on-the-team-bus',
        title: 'A demo on the team bus',
        excerpt: '<p>Voice memos, a travel guitar and a goalkeeper with perfect pitch.</p>',
        content:
          '<p>Most of the songs started as voice memos on the team bus, recorded under a jacket so the rest of the squad could sleep. The third goalkeeper turned out to have perfect pitch and became the unofficial tuning fork of the back row.</p>',
      },
      {
        slug: 'recording-at-night',
        title: 'Recording at night',
        excerpt:
          '<p>Kit bags as sound baffles, tiles for reverb and a kit man who learned to run a mixing desk.</p>',
        content:
          '<p>The dressing room sounds like nowhere else: tiled walls, a low ceiling and a long bench that rattles on low notes. The band hung kit bags from the lockers to tame it and kept the tiles for the drums.</p><p>The kit man, who already knew every cable in the building, learned to run the mixing desk and is credited as assistant engineer.</p>',
      },
      {
        slug: 'the-choir-of-forty-thousand',
        title: 'The choir of forty thousand',
        excerpt:
          '<p>The last chorus on the album was recorded in the stadium, on the last day of the season.</p>',
        content:
          '<p>For the final chorus of <strong>Left Foot, Right Chord</strong>, the band put microphones along the touchline before the last home game and asked the stadium to sing. Forty thousand people did, twice, because the first take had a goal celebration in the middle of it.</p>',
      },
    ],
  },
  {
    key: 'barrio-first',
    slug: 'barrio-first',
    title: 'Barrio First',
    subtitle: 'Where the foundation started',
    daysAgo: 52,
    excerpt: '<p>A cage pitch, a borrowed ball and the idea that every kid deserves floodlights.</p>',
    content:
      '<p>Before the golden boot and the album there was a cage pitch behind a market, with one floodlight that worked on Tuesdays. The foundation started there. This is its story, told by the kids and coaches who built it.</p>',
    articles: [
      {
        slug: 'the-cage-pitch',
        title: 'The cage pitch behind the market',
        excerpt:
          '<p>Where a number 9 learned to shoot with his weaker foot, because the fence was on the right.</p>',
        content:
          '<p>The cage pitch had a fence so close to the right touchline that you could only shoot with your left. That is how a right-footed kid became the most feared left foot in the league. The pitch is the foundation’s first project: resurfaced, relit and open every evening.</p>',
      },
      {
        slug: 'music-room-number-one',
        title: 'Music room number one',
        excerpt: '<p>Two guitars, a keyboard and a waiting list that filled in a day.</p>',
        content:
          '<p>The first music room opened in the caretaker’s old office next to the pitch. Two guitars, a keyboard, a drum kit donated by the band and a waiting list that filled in a single afternoon. On Saturdays, after training, the kids who play football stay to play music, and the other way round.</p>',
      },
    ],
  },
]

export interface DemoSetup {
  title: string
  caption: string
  layout: 1 | 2 | 3 | 4 | 5 | 6
  images: number
  products: number
}

export interface DemoLookbook {
  key: string
  slug: string
  title: string
  season: string
  credits: string
  daysAgo: number
  excerpt: string
  content: string
  setups: DemoSetup[]
}

export const DEMO_LOOKBOOKS: DemoLookbook[] = [
  {
    key: 'extra-time',
    slug: 'extra-time-autumn-winter',
    title: 'Extra Time: Autumn/Winter',
    season: 'Autumn/Winter 2020',
    credits: 'Shot at the home ground and the training centre. Styling by the kit room.',
    daysAgo: 10,
    excerpt:
      '<p>Six scenes from a matchday that turns into a show night: the new drop, worn where it was made for.</p>',
    content:
      '<p>From the tunnel walk to the last encore: the Extra Time drop photographed over one long matchday, on the squad, the band and the crew.</p>',
    setups: [
      {
        title: 'Tunnel walk',
        caption: 'Heavyweight tee and the tour hoodie, two minutes before kick-off.',
        layout: 1,
        images: 2,
        products: 2,
      },
      {
        title: 'Warm-up',
        caption: 'The training tee, as the squad wears it on the pitch.',
        layout: 2,
        images: 2,
        products: 1,
      },
      {
        title: 'The bench',
        caption: 'Long sleeves for the cold side of the stadium.',
        layout: 3,
        images: 2,
        products: 2,
      },
      {
        title: 'Soundcheck',
        caption: 'The stage goes up on the pitch while the floodlights are still warm.',
        layout: 4,
        images: 2,
        products: 2,
      },
      {
        title: 'The terrace',
        caption: 'Fans of both teams in the tour tee, for once on the same side.',
        layout: 5,
        images: 2,
        products: 3,
      },
      { title: 'Encore', caption: 'One more song, one more hoodie.', layout: 6, images: 2, products: 2 },
    ],
  },
  {
    key: 'tour-diary',
    slug: 'tour-diary',
    title: 'Tour Diary',
    season: 'Extra Time tour',
    credits: 'Photographed on the road by the crew.',
    daysAgo: 27,
    excerpt:
      '<p>Backstage passes, bus windows and hotel corridors: the tour merch, on the people who made the tour.</p>',
    content: '<p>Twenty-two nights, eleven cities and one camera passed around the crew bus.</p>',
    setups: [
      { title: 'Load-in', caption: 'Backstage Pass tee, 14:00, Porto.', layout: 2, images: 1, products: 1 },
      {
        title: 'Bus window',
        caption: 'Tour Dates long sleeve between Lyon and Milan.',
        layout: 3,
        images: 2,
        products: 2,
      },
      {
        title: 'Last night',
        caption: 'The signed poster, on the dressing-room door.',
        layout: 5,
        images: 1,
        products: 1,
      },
    ],
  },
  {
    key: 'training-ground',
    slug: 'training-ground-essentials',
    title: 'Training Ground Essentials',
    season: 'All year',
    credits: 'Shot at the training centre at dawn.',
    daysAgo: 45,
    excerpt: '<p>The plain pieces the squad trains in, photographed before the first session of the day.</p>',
    content: '<p>Nothing loud, nothing extra: the pieces that get worn every day.</p>',
    setups: [
      { title: 'First light', caption: 'Training tee and cap, 07:00.', layout: 4, images: 2, products: 2 },
      {
        title: 'Drills',
        caption: 'Quick-dry, and it still looks good at the café after.',
        layout: 1,
        images: 1,
        products: 1,
      },
      { title: 'Cool-down', caption: 'Crewneck on, boots off.', layout: 6, images: 2, products: 2 },
    ],
  },
]

export interface DemoPage {
  slug: string
  title: string
  template: 'agreement' | 'foundation' | 'book' | 'contact'
  menuOrder: number
  excerpt: string
  content: string
  facts: { value: string; label: string }[]
  sections: { heading: string; body: string; image: boolean }[]
  cta: { label: string; url: string } | null
}

export const DEMO_PAGES: DemoPage[] = [
  {
    slug: 'terms-and-conditions',
    title: 'Terms and conditions',
    template: 'agreement',
    menuOrder: 1,
    excerpt:
      '<p>The rules of buying from the official fan shop: orders, prices, the one-hour bag, delivery, returns and accounts.</p>',
    content:
      '<p>These terms apply to every order placed in the official fan shop. By creating an account or placing an order you accept them. Please read them; they are short on purpose.</p><h2>1. Who we are</h2><p>The shop is run by the team behind the Number 9 and his band. You can reach us at any time through the <a href="/contact">contact page</a>.</p><h2>2. Your account</h2><p>You need to be at least 16 years old to create an account. Keep your password to yourself; you are responsible for orders placed with it. You can change your details and password in your profile at any time.</p><h2>3. Prices and payment</h2><p>Prices are shown in euro, with two decimals, and include VAT. Shipping costs are shown before you pay. We take payment when you confirm the order; if the payment is declined the order is not placed.</p><h2>4. Your bag is kept for one hour</h2><p>When you add a product to your bag we reserve it for you for <strong>one hour</strong> from your last change. After that the items return to the shelves and other fans can buy them.</p><h2>5. Drops and early access</h2><p>Some collections open at a set date and time. Before that moment only fans with a valid access code can shop. Access codes are personal and can be used a limited number of times.</p><h2>6. Delivery</h2><p>We ship to the countries listed at checkout. Delivery times are estimates; we will tell you if something is delayed.</p><h2>7. Returns</h2><p>You can return unworn products within 14 days of delivery for a full refund, except signed and personalised items. See <a href="/page/shipping-and-returns">shipping and returns</a> for how.</p><h2>8. Changes</h2><p>We may update these terms; the version published here when you order is the one that applies to that order.</p>',
    facts: [],
    sections: [],
    cta: null,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    template: 'agreement',
    menuOrder: 2,
    excerpt: '<p>What we collect, why, for how long, and how to ask us to delete it.</p>',
    content:
      '<p>We collect as little as we can and never sell it.</p><h2>What we keep</h2><ul><li>Your account: name, e-mail address, birthday and a securely hashed password.</li><li>Your orders: what you bought, where it went and how you paid (never your full card number).</li><li>Messages you send us through the contact form.</li></ul><h2>Cookies</h2><p>We use a cookie to keep you logged in and one to remember your bag. Analytics and marketing cookies are only set when you allow them in the cookie settings, and you can change your mind at any time.</p><h2>Your rights</h2><p>You can ask for a copy of your data, correct it or have it deleted: write to us through the <a href="/contact">contact page</a>.</p>',
    facts: [],
    sections: [],
    cta: null,
  },
  {
    slug: 'shipping-and-returns',
    title: 'Shipping and returns',
    template: 'agreement',
    menuOrder: 3,
    excerpt: '<p>Where we ship, how long it takes and how to send something back.</p>',
    content:
      '<p>Orders are packed in Porto within two working days.</p><h2>Shipping</h2><ul><li>Spain and Portugal: 2 to 4 working days.</li><li>Rest of the EU: 3 to 7 working days.</li><li>Everywhere else we ship: 5 to 12 working days.</li></ul><h2>Returns</h2><p>Changed your mind? Send unworn products back within 14 days of delivery. Write to us through the <a href="/contact">contact page</a> with your order number and we send you a return label. Refunds go back to the way you paid within 14 days of us receiving the parcel.</p><p>Signed and personalised items cannot be returned unless they arrive damaged.</p>',
    facts: [],
    sections: [],
    cta: null,
  },
  {
    slug: 'foundation',
    title: 'The Foundation',
    template: 'foundation',
    menuOrder: 10,
    excerpt:
      '<p>Open pitches and music rooms in the neighbourhoods that made him: free, every evening, for every kid.</p>',
    content:
      '<p>The foundation builds and runs open pitches and music rooms in the neighbourhoods where Dani Rocha grew up. Everything is free. Coaches and teachers are volunteers from the club and the conservatory, and every kid who comes to play football can stay to play music, and the other way round.</p><p>A share of every sale in the fan shop goes to the foundation.</p>',
    facts: [
      { value: '5', label: 'open pitches' },
      { value: '3', label: 'music rooms' },
      { value: '1,200', label: 'kids every week' },
      { value: '60', label: 'volunteer coaches and teachers' },
    ],
    sections: [
      {
        heading: 'Open pitches',
        body: '<p>Old cage pitches, resurfaced and lit until 22:00. Free training every weekday from 17:00, with volunteer coaches from the club’s academy.</p>',
        image: true,
      },
      {
        heading: 'Music rooms',
        body: '<p>Next to every pitch, a room with instruments and a teacher. Guitars, keyboards and drums, donated by the band and by fans.</p>',
        image: true,
      },
      {
        heading: 'Boots and strings',
        body: '<p>Outgrown boots and old instruments, collected at every home game and every show of the tour, repaired and handed on.</p>',
        image: true,
      },
    ],
    cta: { label: 'Get in touch to help', url: '/contact' },
  },
  {
    slug: 'book',
    title: 'Left Foot, Loud Heart',
    template: 'book',
    menuOrder: 11,
    excerpt:
      '<p>The memoir: a cage pitch, a golden boot, a debut album and everything in between. Signed first editions in the shop.</p>',
    content:
      '<p><em>Left Foot, Loud Heart</em> is Dani Rocha’s memoir: the story of a boy who could only shoot with his left foot because the fence was on the right, and of the man who scored twenty-seven goals in a season and then recorded an album in the dressing room.</p><p>Written with the journalist who followed the team for ten years, with photographs from the family album, the kit room and the tour bus.</p>',
    facts: [
      { value: '320', label: 'pages' },
      { value: '64', label: 'pages of photographs' },
      { value: 'Hardback', label: 'signed first edition' },
      { value: 'EN · ES · PT', label: 'languages' },
    ],
    sections: [
      {
        heading: 'Chapter 1: The fence on the right',
        body: '<p>“The cage pitch behind the market had one rule, and it was not written anywhere: if you shot with your right foot, the ball went over the fence and into the fish stalls. So I learned to shoot with my left.”</p>',
        image: true,
      },
      {
        heading: 'Chapter 9: Twenty-seven',
        body: '<p>“I remember the twenty-seventh goal less than the twenty-sixth. The twenty-sixth was the one where I knew. The twenty-seventh was the one where everybody else did.”</p>',
        image: false,
      },
      {
        heading: 'Chapter 14: Tiles and reverb',
        body: '<p>“The dressing room has the best reverb in the city. Nobody believed me until the drummer hit the snare once and the whole squad turned round.”</p>',
        image: true,
      },
    ],
    cta: { label: 'Find the signed edition in the shop', url: '/shop' },
  },
  {
    slug: 'contact',
    title: 'Write to the team',
    template: 'contact',
    menuOrder: 12,
    excerpt:
      '<p>Questions about an order, press requests, the foundation or a booking: tell us here. Every message is read by a person, usually within two working days.</p>',
    content:
      '<p>For an order, add its number (you find it in your profile) and we can help faster. Press and bookings go straight to the management team; foundation messages to the coaches and teachers who run the pitches.</p><p>Fan mail is welcome too. Dani reads a stack of it on the team bus before every away game.</p>',
    facts: [],
    sections: [],
    cta: null,
  },
]

export interface DemoFeedItem {
  slug: string
  kind: FeedKind
  title: string
  daysAgo: number
  terms: string[]
  excerpt: string
  content: string
  /** Draw an image for the item (photos, articles); links reuse their target's image. */
  image: boolean
  target: { ref: DemoRef; label: string } | null
  quoteSource: string | null
}

export const DEMO_FEED: DemoFeedItem[] = [
  {
    slug: 'derby-brace',
    kind: 'photo',
    title: 'Derby day, 78th minute',
    daysAgo: 6,
    terms: ['matchday'],
    excerpt: '<p>The moment the South Stand started singing.</p>',
    content: '<p>Second goal, left foot, edge of the box. The keeper is still looking for it.</p>',
    image: true,
    target: null,
    quoteSource: null,
  },
  {
    slug: 'derby-post',
    kind: 'post',
    title: 'Two goals, one song',
    daysAgo: 6,
    terms: ['matchday', 'studio'],
    excerpt: '<p>How the derby became a chorus.</p>',
    content: '',
    image: false,
    target: { ref: 'post:derby-chorus', label: 'Read the post' },
    quoteSource: null,
  },
  {
    slug: 'live-ep-out',
    kind: 'release',
    title: 'Extra Time (Live on Tour) is out',
    daysAgo: 9,
    terms: ['on-tour', 'studio'],
    excerpt: '<p>Three songs from three nights of the tour, straight from the desk.</p>',
    content: '',
    image: false,
    target: { ref: 'music:extra-time-live', label: 'Listen now' },
    quoteSource: null,
  },
  {
    slug: 'soundcheck-quote',
    kind: 'quote',
    title: 'Every night felt like a cup final with a drum kit.',
    daysAgo: 11,
    terms: ['on-tour'],
    excerpt: '',
    content: '<p>Every night felt like a cup final with a drum kit.</p>',
    image: false,
    target: null,
    quoteSource: 'Dani, after the last show of the Extra Time tour',
  },
  {
    slug: 'lookbook-extra-time',
    kind: 'lookbook',
    title: 'The Extra Time lookbook',
    daysAgo: 10,
    terms: ['style'],
    excerpt: '<p>Six scenes from a matchday that turns into a show night.</p>',
    content: '',
    image: false,
    target: { ref: 'lookbook:extra-time', label: 'See the lookbook' },
    quoteSource: null,
  },
  {
    slug: 'kit-man-engineer',
    kind: 'article',
    title: 'The kit man who ran the mixing desk',
    daysAgo: 14,
    terms: ['studio', 'matchday'],
    excerpt: '<p>He already knew every cable in the stadium. Then he learned what a compressor does.</p>',
    content:
      '<p>For twenty years he has washed the kits, packed the boots and known where every extension lead in the stadium is. When the band started recording in the dressing room, he was the only one who knew which sockets would not trip the fuse box.</p><p>By the third session he was asking what the compressor did. By the tenth he was running the desk. He is credited on <em>Offside Sessions</em> as assistant engineer, and he still washes the kits.</p><blockquote><p>Same job, really. You make sure everything is in the right place before the lads go out.</p></blockquote>',
    image: true,
    target: null,
    quoteSource: null,
  },
  {
    slug: 'pitch-five-photo',
    kind: 'photo',
    title: 'Pitch number five, first evening',
    daysAgo: 18,
    terms: ['foundation'],
    excerpt: '<p>Floodlights on at 17:00, and a queue at the gate at 16:45.</p>',
    content: '<p>The new surface lasted four minutes before the first slide tackle.</p>',
    image: true,
    target: null,
    quoteSource: null,
  },
  {
    slug: 'music-room-saturdays',
    kind: 'article',
    title: 'Saturdays in the music room',
    daysAgo: 20,
    terms: ['foundation', 'studio'],
    excerpt: '<p>After training, the kids who play football stay to play music, and the other way round.</p>',
    content:
      '<p>Saturday starts on the pitch at ten and ends in the music room at two. The drum kit is the most popular instrument by a distance; the waiting list for the keyboard is catching up since one of the under-12s learned the intro to <strong>Floodlights</strong> by ear.</p><p>Twice a season the kids play a show on the pitch before a home game. The band comes to watch, and for once they are the ones asking for autographs.</p>',
    image: true,
    target: null,
    quoteSource: null,
  },
  {
    slug: 'porto-night-one',
    kind: 'photo',
    title: 'Porto, night one',
    daysAgo: 24,
    terms: ['on-tour'],
    excerpt: '<p>The first show of the tour, and the first time the crowd sang the whole album back.</p>',
    content:
      '<p>Five thousand people, one very small stage and a setlist that ran out before the crowd did.</p>',
    image: true,
    target: null,
    quoteSource: null,
  },
  {
    slug: 'tour-dates-post',
    kind: 'post',
    title: 'Extra Time tour: the final dates',
    daysAgo: 25,
    terms: ['on-tour'],
    excerpt: '<p>Eleven cities, twenty-two nights, planned around the fixture list.</p>',
    content: '',
    image: false,
    target: { ref: 'post:tour-dates', label: 'See the dates' },
    quoteSource: null,
  },
  {
    slug: 'album-release',
    kind: 'release',
    title: 'Offside Sessions, the debut album',
    daysAgo: 34,
    terms: ['studio'],
    excerpt: '<p>Eleven songs recorded in the dressing room after evening training.</p>',
    content: '',
    image: false,
    target: { ref: 'music:offside-sessions', label: 'Listen to the album' },
    quoteSource: null,
  },
  {
    slug: 'golden-boot-quote',
    kind: 'quote',
    title: 'I remember the twenty-seventh goal less than the twenty-sixth.',
    daysAgo: 38,
    terms: ['matchday'],
    excerpt: '',
    content:
      '<p>I remember the twenty-seventh goal less than the twenty-sixth. The twenty-sixth was the one where I knew.</p>',
    image: false,
    target: null,
    quoteSource: 'Left Foot, Loud Heart, chapter 9',
  },
  {
    slug: 'tee-design-article',
    kind: 'article',
    title: 'Four hundred sketches, one tee',
    daysAgo: 41,
    terms: ['style'],
    excerpt: '<p>How a fourteen-year-old from the South Stand designed the tour tee.</p>',
    content:
      '<p>The supporters’ club sent four hundred sketches. The design team pinned every one of them to the wall of the kit room and voted with stickers. The winner came from a fourteen-year-old who drew the tour dates down the back like a team sheet.</p><p>She got the first tee off the press in Porto, a seat on the team bus and, at the show, a shout-out from the stage that her friends have on video from eleven angles.</p>',
    image: true,
    target: null,
    quoteSource: null,
  },
  {
    slug: 'training-ground-lookbook',
    kind: 'lookbook',
    title: 'Training Ground Essentials',
    daysAgo: 45,
    terms: ['style', 'matchday'],
    excerpt: '<p>The plain pieces the squad trains in, shot at dawn.</p>',
    content: '',
    image: false,
    target: { ref: 'lookbook:training-ground', label: 'See the lookbook' },
    quoteSource: null,
  },
]

export interface DemoHomeBlock {
  slug: string
  block: 'latest_update' | 'side_bar' | 'filter_box'
  title: string
  content: string
  items: { title: string; text: string; url: DemoRef }[]
}

export const DEMO_HOME_BLOCKS: DemoHomeBlock[] = [
  {
    slug: 'latest-update',
    block: 'latest_update',
    title: 'Latest update',
    content: '',
    items: [
      {
        title: 'Out now',
        text: 'Extra Time (Live on Tour): three songs from the road',
        url: 'music:extra-time-live',
      },
      {
        title: 'New story',
        text: 'Ninety Minutes: a season told from the dressing room',
        url: 'story:ninety-minutes',
      },
    ],
  },
  {
    slug: 'side-bar',
    block: 'side_bar',
    title: 'Next up',
    content: '<p>Matches, shows and everything else on the calendar.</p>',
    items: [
      { title: 'Saturday, 18:30', text: 'League match at the home ground', url: 'post:derby-chorus' },
      { title: 'Friday, 21:00', text: 'Extra Time tour: the closing show', url: 'post:tour-dates' },
      {
        title: 'Every weekday, 17:00',
        text: 'Free training at the foundation’s open pitches',
        url: '/foundation',
      },
      { title: 'In the shop', text: 'The memoir, signed: Left Foot, Loud Heart', url: '/book' },
    ],
  },
  {
    slug: 'filter-box',
    block: 'filter_box',
    title: 'What are you into?',
    content:
      '<p>Pick a topic to see only what you care about: the pitch, the studio, the road, the drops or the foundation.</p>',
    items: [],
  },
]
