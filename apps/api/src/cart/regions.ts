/**
 * Countries and their states for the checkout's address selects. The country list is generated
 * from the runtime's ISO 3166 region names (Intl.DisplayNames), so it is complete without a
 * hand-kept copy; states are listed for the countries whose addresses name one (ISO 3166-2 codes).
 */

/** CLDR regions that are not countries (continents, unions, pseudo-locales, sub-territories). */
const NOT_COUNTRIES = new Set([
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'EU',
  'EZ',
  'IC',
  'QO',
  'TA',
  'UN',
  'XA',
  'XB',
  'ZZ',
])

export interface CountrySeed {
  iso: string
  name: string
}

/** Every country with its ISO 3166-1 alpha-2 code and English name, sorted by name. */
export function allCountries(): CountrySeed[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
  const countries: CountrySeed[] = []
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const iso = String.fromCharCode(first, second)
      if (NOT_COUNTRIES.has(iso)) continue
      const name = names.of(iso)
      // Withdrawn codes (BU, DD, SU, YU...) are aliases of current ones: only the current code is kept.
      if (!name || canonicalRegion(iso) !== iso) continue
      countries.push({ iso, name })
    }
  }
  return countries.sort((a, b) => a.name.localeCompare(b.name, 'en'))
}

function canonicalRegion(iso: string): string {
  return Intl.getCanonicalLocales(`und-${iso}`)[0]?.split('-')[1] ?? iso
}

/** States (provinces, regions) by country, as "CODE=Name" joined with "|". */
const STATES: Record<string, string> = {
  ES: 'C=A Coruña|VI=Araba/Álava|AB=Albacete|A=Alicante|AL=Almería|O=Asturias|AV=Ávila|BA=Badajoz|PM=Baleares|B=Barcelona|BI=Bizkaia|BU=Burgos|CC=Cáceres|CA=Cádiz|S=Cantabria|CS=Castellón|CE=Ceuta|CR=Ciudad Real|CO=Córdoba|CU=Cuenca|SS=Gipuzkoa|GI=Girona|GR=Granada|GU=Guadalajara|H=Huelva|HU=Huesca|J=Jaén|LO=La Rioja|GC=Las Palmas|LE=León|L=Lleida|LU=Lugo|M=Madrid|MA=Málaga|ML=Melilla|MU=Murcia|NA=Navarra|OR=Ourense|P=Palencia|PO=Pontevedra|SA=Salamanca|TF=Santa Cruz de Tenerife|SG=Segovia|SE=Sevilla|SO=Soria|T=Tarragona|TE=Teruel|TO=Toledo|V=Valencia|VA=Valladolid|ZA=Zamora|Z=Zaragoza',
  US: 'AL=Alabama|AK=Alaska|AZ=Arizona|AR=Arkansas|CA=California|CO=Colorado|CT=Connecticut|DE=Delaware|DC=District of Columbia|FL=Florida|GA=Georgia|HI=Hawaii|ID=Idaho|IL=Illinois|IN=Indiana|IA=Iowa|KS=Kansas|KY=Kentucky|LA=Louisiana|ME=Maine|MD=Maryland|MA=Massachusetts|MI=Michigan|MN=Minnesota|MS=Mississippi|MO=Missouri|MT=Montana|NE=Nebraska|NV=Nevada|NH=New Hampshire|NJ=New Jersey|NM=New Mexico|NY=New York|NC=North Carolina|ND=North Dakota|OH=Ohio|OK=Oklahoma|OR=Oregon|PA=Pennsylvania|RI=Rhode Island|SC=South Carolina|SD=South Dakota|TN=Tennessee|TX=Texas|UT=Utah|VT=Vermont|VA=Virginia|WA=Washington|WV=West Virginia|WI=Wisconsin|WY=Wyoming',
  CA: 'AB=Alberta|BC=British Columbia|MB=Manitoba|NB=New Brunswick|NL=Newfoundland and Labrador|NT=Northwest Territories|NS=Nova Scotia|NU=Nunavut|ON=Ontario|PE=Prince Edward Island|QC=Quebec|SK=Saskatchewan|YT=Yukon',
  AU: 'ACT=Australian Capital Territory|NSW=New South Wales|NT=Northern Territory|QLD=Queensland|SA=South Australia|TAS=Tasmania|VIC=Victoria|WA=Western Australia',
  MX: 'AGU=Aguascalientes|BCN=Baja California|BCS=Baja California Sur|CAM=Campeche|CHP=Chiapas|CHH=Chihuahua|CMX=Ciudad de México|COA=Coahuila|COL=Colima|DUR=Durango|MEX=Estado de México|GUA=Guanajuato|GRO=Guerrero|HID=Hidalgo|JAL=Jalisco|MIC=Michoacán|MOR=Morelos|NAY=Nayarit|NLE=Nuevo León|OAX=Oaxaca|PUE=Puebla|QUE=Querétaro|ROO=Quintana Roo|SLP=San Luis Potosí|SIN=Sinaloa|SON=Sonora|TAB=Tabasco|TAM=Tamaulipas|TLA=Tlaxcala|VER=Veracruz|YUC=Yucatán|ZAC=Zacatecas',
  BR: 'AC=Acre|AL=Alagoas|AP=Amapá|AM=Amazonas|BA=Bahia|CE=Ceará|DF=Distrito Federal|ES=Espírito Santo|GO=Goiás|MA=Maranhão|MT=Mato Grosso|MS=Mato Grosso do Sul|MG=Minas Gerais|PA=Pará|PB=Paraíba|PR=Paraná|PE=Pernambuco|PI=Piauí|RJ=Rio de Janeiro|RN=Rio Grande do Norte|RS=Rio Grande do Sul|RO=Rondônia|RR=Roraima|SC=Santa Catarina|SP=São Paulo|SE=Sergipe|TO=Tocantins',
  IT: 'AG=Agrigento|AL=Alessandria|AN=Ancona|AO=Aosta|AR=Arezzo|AP=Ascoli Piceno|AT=Asti|AV=Avellino|BA=Bari|BT=Barletta-Andria-Trani|BL=Belluno|BN=Benevento|BG=Bergamo|BI=Biella|BO=Bologna|BZ=Bolzano|BS=Brescia|BR=Brindisi|CA=Cagliari|CL=Caltanissetta|CB=Campobasso|CE=Caserta|CT=Catania|CZ=Catanzaro|CH=Chieti|CO=Como|CS=Cosenza|CR=Cremona|KR=Crotone|CN=Cuneo|EN=Enna|FM=Fermo|FE=Ferrara|FI=Firenze|FG=Foggia|FC=Forlì-Cesena|FR=Frosinone|GE=Genova|GO=Gorizia|GR=Grosseto|IM=Imperia|IS=Isernia|AQ=L’Aquila|SP=La Spezia|LT=Latina|LE=Lecce|LC=Lecco|LI=Livorno|LO=Lodi|LU=Lucca|MC=Macerata|MN=Mantova|MS=Massa-Carrara|MT=Matera|ME=Messina|MI=Milano|MO=Modena|MB=Monza e Brianza|NA=Napoli|NO=Novara|NU=Nuoro|OR=Oristano|PD=Padova|PA=Palermo|PR=Parma|PV=Pavia|PG=Perugia|PU=Pesaro e Urbino|PE=Pescara|PC=Piacenza|PI=Pisa|PT=Pistoia|PN=Pordenone|PZ=Potenza|PO=Prato|RG=Ragusa|RA=Ravenna|RC=Reggio Calabria|RE=Reggio Emilia|RI=Rieti|RN=Rimini|RM=Roma|RO=Rovigo|SA=Salerno|SS=Sassari|SV=Savona|SI=Siena|SR=Siracusa|SO=Sondrio|SU=Sud Sardegna|TA=Taranto|TE=Teramo|TR=Terni|TO=Torino|TP=Trapani|TN=Trento|TV=Treviso|TS=Trieste|UD=Udine|VA=Varese|VE=Venezia|VB=Verbano-Cusio-Ossola|VC=Vercelli|VR=Verona|VV=Vibo Valentia|VI=Vicenza|VT=Viterbo',
  IN: 'AN=Andaman and Nicobar Islands|AP=Andhra Pradesh|AR=Arunachal Pradesh|AS=Assam|BR=Bihar|CH=Chandigarh|CT=Chhattisgarh|DH=Dadra and Nagar Haveli and Daman and Diu|DL=Delhi|GA=Goa|GJ=Gujarat|HR=Haryana|HP=Himachal Pradesh|JK=Jammu and Kashmir|JH=Jharkhand|KA=Karnataka|KL=Kerala|LA=Ladakh|LD=Lakshadweep|MP=Madhya Pradesh|MH=Maharashtra|MN=Manipur|ML=Meghalaya|MZ=Mizoram|NL=Nagaland|OR=Odisha|PY=Puducherry|PB=Punjab|RJ=Rajasthan|SK=Sikkim|TN=Tamil Nadu|TG=Telangana|TR=Tripura|UP=Uttar Pradesh|UT=Uttarakhand|WB=West Bengal',
}

/** The states of a country as { abbr, name }, or [] for a country whose addresses name none. */
export function statesOf(iso: string): { abbr: string; name: string }[] {
  const list = STATES[iso]
  if (!list) return []
  return list.split('|').map((entry) => {
    const [abbr, name] = entry.split('=') as [string, string]
    return { abbr, name }
  })
}

export const COUNTRIES_WITH_STATES = Object.keys(STATES)
