//! Name pools by culture: the material of the generated demo list, and of the quality harness's
//! negative cases (ordinary names that must not hit; `crates/aml-eval`).

/// A culture's names: given names (male, female), surnames, and the script and language its
/// names are also written in.
pub struct Culture {
    pub country: &'static str,
    pub lang: Option<&'static str>,
    pub male: &'static [&'static str],
    pub female: &'static [&'static str],
    pub surnames: &'static [&'static str],
}

#[rustfmt::skip]
pub const CULTURES: &[Culture] = &[
    Culture {
        country: "RU",
        lang: Some("ru"),
        male: &[
            "Aleksandr", "Dmitry", "Sergei", "Andrei", "Alexei", "Mikhail", "Ivan", "Nikolai", "Vladimir", "Yuri",
            "Oleg", "Pavel", "Boris", "Igor", "Viktor", "Konstantin",
        ],
        female: &[
            "Olga", "Tatiana", "Elena", "Natalia", "Irina", "Svetlana", "Anna", "Maria", "Yulia", "Ekaterina",
            "Marina", "Galina",
        ],
        surnames: &[
            "Ivanov", "Smirnov", "Kuznetsov", "Popov", "Vasiliev", "Petrov", "Sokolov", "Mikhailov", "Novikov",
            "Fedorov", "Morozov", "Volkov", "Alekseev", "Lebedev", "Semenov", "Egorov", "Pavlov", "Kozlov",
            "Stepanov", "Nikolaev", "Orlov", "Andreev", "Makarov", "Nikitin", "Zakharov", "Zaitsev", "Soloviev",
            "Borisov", "Yakovlev", "Grigoriev",
        ],
    },
    Culture {
        country: "UA",
        lang: Some("uk"),
        male: &[
            "Oleksandr", "Mykola", "Vasyl", "Petro", "Taras", "Bohdan", "Andriy", "Serhiy", "Volodymyr", "Yaroslav",
        ],
        female: &["Olena", "Oksana", "Iryna", "Nataliya", "Halyna", "Kateryna", "Liudmyla", "Yuliia"],
        surnames: &[
            "Melnyk", "Shevchenko", "Boyko", "Kovalenko", "Bondarenko", "Tkachenko", "Kovalchuk", "Kravchenko",
            "Oliinyk", "Shevchuk", "Koval", "Polishchuk", "Bondar", "Tkachuk", "Moroz", "Marchenko", "Lysenko",
            "Rudenko", "Savchenko", "Petrenko",
        ],
    },
    Culture {
        country: "AE",
        lang: Some("ar"),
        male: &[
            "Mohammed", "Ahmed", "Ali", "Omar", "Khalid", "Hassan", "Hussein", "Abdullah", "Ibrahim", "Youssef",
            "Saeed", "Faisal", "Tariq", "Hamza", "Mustafa", "Rashid",
        ],
        female: &["Fatima", "Aisha", "Mariam", "Noor", "Layla", "Huda", "Salma", "Zainab", "Amina", "Rania"],
        surnames: &[
            "Al-Rashid", "Al-Mansouri", "Al-Hashimi", "Al-Qasimi", "Al-Nuaimi", "Haddad", "Khalil", "Nasser", "Saleh",
            "Al-Farsi", "Al-Amin", "Qureshi", "Al-Sayed", "Hamdan", "Al-Zahrani", "Al-Ghamdi", "Al-Otaibi", "Darwish",
            "Mahmoud", "Abdel-Aziz",
        ],
    },
    Culture {
        country: "IR",
        lang: Some("fa"),
        male: &[
            "Reza", "Hossein", "Mehdi", "Ali", "Mohammad", "Amir", "Saeed", "Hamid", "Majid", "Javad", "Behrouz",
            "Dariush",
        ],
        female: &["Maryam", "Zahra", "Fatemeh", "Shirin", "Leila", "Nasrin", "Parisa", "Roya"],
        surnames: &[
            "Hosseini", "Mohammadi", "Rezaei", "Ahmadi", "Karimi", "Rahimi", "Moradi", "Jafari", "Ghorbani",
            "Sadeghi", "Kazemi", "Mousavi", "Tehrani", "Shirazi", "Esfahani", "Ebrahimi",
        ],
    },
    Culture {
        country: "CN",
        lang: Some("zh"),
        male: &["Wei", "Lei", "Jun", "Tao", "Ming", "Hao", "Jian", "Yong", "Qiang", "Bo", "Hui", "Gang"],
        female: &["Fang", "Li", "Na", "Min", "Jing", "Yan", "Xiu", "Mei", "Ling", "Hong"],
        surnames: &[
            "Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun", "Ma", "Zhu",
            "Hu", "Guo", "He", "Lin", "Gao", "Luo",
        ],
    },
    Culture {
        country: "DE",
        lang: Some("de"),
        male: &[
            "Lukas", "Jonas", "Felix", "Maximilian", "Paul", "Leon", "Tobias", "Stefan", "Matthias", "Jürgen",
            "Klaus", "Wolfgang",
        ],
        female: &["Anna", "Lea", "Lena", "Sophie", "Katharina", "Julia", "Sabine", "Ursula", "Monika", "Petra"],
        surnames: &[
            "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
            "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann",
        ],
    },
    Culture {
        country: "GB",
        lang: None,
        male: &[
            "James", "Oliver", "Harry", "George", "William", "Thomas", "Jack", "Charles", "Edward", "Henry", "Daniel",
            "Michael",
        ],
        female: &[
            "Olivia", "Amelia", "Emily", "Charlotte", "Sophie", "Jessica", "Grace", "Elizabeth", "Margaret", "Sarah",
        ],
        surnames: &[
            "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright",
            "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke",
        ],
    },
    Culture {
        country: "US",
        lang: None,
        male: &[
            "John", "Robert", "Michael", "David", "Richard", "Joseph", "Christopher", "Matthew", "Anthony", "Mark",
            "Steven", "Kevin",
        ],
        female: &["Mary", "Patricia", "Jennifer", "Linda", "Barbara", "Susan", "Jessica", "Karen", "Nancy", "Lisa"],
        surnames: &[
            "Miller", "Davis", "Garcia", "Rodriguez", "Martinez", "Anderson", "Taylor", "Thomas", "Moore", "Martin",
            "Lee", "Harris", "Clark", "Lewis", "Young", "Allen", "King", "Scott", "Baker", "Nelson",
        ],
    },
    Culture {
        country: "ES",
        lang: Some("es"),
        male: &[
            "José", "Antonio", "Manuel", "Francisco", "Juan", "Javier", "Carlos", "Miguel", "Alejandro", "Pedro",
            "Rafael", "Fernando",
        ],
        female: &["María", "Carmen", "Ana", "Isabel", "Laura", "Lucía", "Elena", "Marta", "Pilar", "Rosa"],
        surnames: &[
            "García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez",
            "Martín", "Jiménez", "Ruiz", "Hernández", "Díaz", "Moreno", "Álvarez", "Muñoz", "Romero", "Alonso",
            "Gutiérrez",
        ],
    },
    Culture {
        country: "MX",
        lang: Some("es"),
        male: &["Luis", "Jorge", "Ricardo", "Arturo", "Eduardo", "Raúl", "Sergio", "Héctor", "Joaquín", "Ramón"],
        female: &["Guadalupe", "Verónica", "Alejandra", "Gabriela", "Adriana", "Leticia", "Rocío", "Claudia"],
        surnames: &[
            "Hernández", "Ramírez", "Flores", "Torres", "Rivera", "Vargas", "Castillo", "Mendoza", "Guzmán", "Ortiz",
            "Reyes", "Cruz", "Morales", "Herrera", "Medina", "Aguilar", "Chávez", "Salazar", "Navarro", "Zambada",
        ],
    },
    Culture {
        country: "TR",
        lang: Some("tr"),
        male: &["Mehmet", "Mustafa", "Ahmet", "Ali", "Hüseyin", "Hasan", "İbrahim", "Murat", "Emre", "Burak"],
        female: &["Ayşe", "Fatma", "Emine", "Hatice", "Zeynep", "Elif", "Merve", "Özlem"],
        surnames: &[
            "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Yıldırım", "Öztürk", "Aydın", "Özdemir", "Arslan",
            "Doğan", "Kılıç", "Aslan", "Çetin", "Kara", "Koç", "Kurt", "Özkan", "Şimşek",
        ],
    },
    Culture {
        country: "NG",
        lang: None,
        male: &[
            "Chinedu", "Emeka", "Oluwaseun", "Tunde", "Ibrahim", "Musa", "Obinna", "Chukwuemeka", "Babatunde",
            "Ifeanyi",
        ],
        female: &["Ngozi", "Chioma", "Funmilayo", "Aisha", "Amaka", "Folake", "Nkechi", "Yetunde"],
        surnames: &[
            "Okafor", "Adeyemi", "Okonkwo", "Bello", "Abubakar", "Eze", "Nwosu", "Adebayo", "Ogunleye", "Danjuma",
            "Okeke", "Balogun", "Ibekwe", "Uche", "Olawale", "Suleiman",
        ],
    },
    Culture {
        country: "VE",
        lang: Some("es"),
        male: &[
            "Nicolás", "Diosdado", "Tareck", "Delcy", "Vladimir", "Maikel", "Hugo", "Rafael", "Alexander", "Néstor",
        ],
        female: &["Cilia", "Iris", "Tibisay", "Gladys", "Yadira", "Marleny"],
        surnames: &[
            "Maduro", "Cabello", "Rodríguez", "Padrino", "Moreno", "Reverol", "Saab", "Carvajal", "Bernal", "Arreaza",
            "Flores", "Valera",
        ],
    },
    Culture {
        country: "KP",
        lang: Some("ko"),
        male: &["Jong", "Chol", "Song", "Myong", "Yong", "Kwang", "Hyok", "Ryong", "Nam", "Il"],
        female: &["Sol", "Yo", "Hyang", "Kyong", "Mi", "Sun"],
        surnames: &["Kim", "Ri", "Pak", "Choe", "Jang", "Han", "O", "Kang", "Jo", "Yun", "Hwang", "Ryu"],
    },
    Culture {
        country: "FR",
        lang: Some("fr"),
        male: &["Jean", "Pierre", "Michel", "Philippe", "Alain", "Nicolas", "François", "Laurent", "Julien", "Mathieu"],
        female: &["Marie", "Nathalie", "Isabelle", "Sylvie", "Catherine", "Camille", "Claire", "Céline"],
        surnames: &[
            "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
            "Simon", "Laurent", "Lefebvre", "Michel", "Garnier", "Faure", "Rousseau", "Blanc", "Guerin", "Muller",
        ],
    },
];

/// Words of ordinary company names, and the legal forms they end with.
#[rustfmt::skip]
pub const COMPANY_WORDS: &[&str] = &[
    "Northern", "Blue", "River", "Golden", "Silver", "Pacific", "Atlantic", "Summit", "Harbor", "Green", "Valley",
    "Eastern", "Western", "Sun", "Star", "Oak", "Pine", "Coastal", "Prime", "Alpha", "Delta", "Meridian", "Horizon",
    "Crescent", "Royal", "United", "National", "Metro", "Urban", "Global", "Apex", "Pioneer", "Liberty", "Sterling",
];

#[rustfmt::skip]
pub const COMPANY_TRADES: &[&str] = &[
    "Bakery", "Logistics", "Trading", "Shipping", "Capital", "Holdings", "Technologies", "Foods", "Textiles",
    "Construction", "Consulting", "Dental Clinic", "Pharmacy", "Motors", "Energy", "Minerals", "Software",
    "Marine Services", "Import Export", "Electronics", "Agro", "Security Services", "Air Charter", "Finance",
];

#[rustfmt::skip]
pub const LEGAL_FORMS: &[&str] =
    &["LLC", "Ltd", "GmbH", "S.A.", "Inc.", "OOO", "FZE", "Pte Ltd", "B.V.", "SARL", "AG", "Co., Ltd."];
