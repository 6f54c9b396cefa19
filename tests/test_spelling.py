"""Informal spellings read against the other text (iris/spelling.py)."""

import pytest

from iris.spelling import known, loose_words, name_like, same_surface, slip


def test_known_words_come_from_the_shipped_frequency_list():
    assert known("going") and known("thin") and known("robin")
    assert not known("goin") and not known("lookin") and not known("rly")


@pytest.mark.parametrize("text, words", [
    ("Im goin out", ("i", "am", "going", "out")),
    ("I am sooo tired", ("i", "am", "so", "tired")),
    ("I feel like i might live 4ever", ("i", "feel", "like", "i", "might", "live", "forever")),
    ("b4 bed", ("before", "bed")),
    ("I am thin", ("i", "am", "thin")),  # a word is never read as another word
    ("I won 1st place", ("i", "won", "1st", "place")),
])
def test_loose_words(text, words):
    assert loose_words(text) == words


@pytest.mark.parametrize("old, new", [
    ("I am really into baking bread.", "Im rly into bakin bread."),
    ("I am going to the gym every morning.", "Im goin 2 the gym every morning."),
    ("I talk to my mom before bed.", "I talk 2 my mom b4 bed."),
    ("I am a musician and hope to make it big.", "Im a musician n hope 2 make it big."),
    ("I like riding horses.", "I like ridin' horses."),
    ("I definitely want kids someday.", "I definately want kids someday."),
    ("My favorite people are my grandkids.", "My favorite ppl are my grandkids."),
    ("I am so excited about my new job.", "I am sooo excited about my new job."),
    ("I like to go hiking to see the sunset.", "I like 2 go hikin to see the sun set."),
])
def test_informal_spellings_are_the_same_surface(old, new):
    assert same_surface(new, old)


@pytest.mark.parametrize("old, new", [
    ("I sing every day.", "I sin every day."),  # both words: no reading
    ("I have 2 cats.", "I have 3 cats."),
    ("I have 2 cats.", "I have two cats and a dog."),
    ("I am thirty.", "I am thirty one."),
    ("I ate 2 apples.", "I ate apples."),  # "2" is "to" only against "to"
    ("I like dogs.", "I like cats."),
    ("I am a blonde guy.", "I am a blonde girl."),
    ("My dog is named rex.", "My dog is named rey."),  # two unknown words stay apart
    ("I live in a thin house.", "I live in a thing house."),
    # a short word one letter from a known one may be a name: two names are two facts
    ("My dog is called Bella", "My dog is called Bello"),
    ("I live in Austin", "I live in Austen"),
])
def test_different_facts_are_never_the_same_surface(old, new):
    assert not same_surface(new, old)


@pytest.mark.parametrize("old, new", [
    ("My favourite colour is blue.", "My favorite color is blue."),
    ("I travelled to the theatre.", "I traveled to the theater."),
    ("I fantasize about taking over the world.", "I fantasize about takin over the world."),
    ("I was born in the 80s.", "I was born in the eighties."),
])
def test_spelling_variants_of_one_word_are_the_same_surface(old, new):
    assert same_surface(new, old)


@pytest.mark.parametrize("old, new", [
    ("I love raisins.", "I love raising."),  # "raisin" is common: not a dropped g
    ("I love the king.", "I love the kin."),
    ("I was born in the 80s.", "I was born in the nineties."),
])
def test_close_spellings_of_two_words_stay_apart(old, new):
    assert not same_surface(new, old)


@pytest.mark.parametrize("typed, word", [
    ("paela", "paella"),  # a doubled letter written once
    ("coook", "cook"),  # a letter written twice
    ("recieve", "receive"),  # two neighbouring letters swapped
    ("hoise", "house"),  # "i" is next to "u" on the keyboard
])
def test_slips_of_the_fingers(typed, word):
    assert slip(typed, word)


@pytest.mark.parametrize("typed, word", [
    ("bello", "bella"),  # "o" is nowhere near "a"
    ("austen", "austin"),
    ("hse", "house"),  # two letters dropped
    ("hosue", "hose"),  # not one slip from this word
])
def test_other_differences_are_not_slips(typed, word):
    assert not slip(typed, word)


@pytest.mark.parametrize("old, new", [
    ("I love to cook paella.", "I love to cook paela."),
    ("I live in a big house.", "I live in a big hosue."),
    ("My mom is a great cook.", "My mom is a graet cook."),
    ("I feel old.", "I fel old."),
    ("I recieve a lot of mail.", "I receive a lot of mail."),
])
def test_a_mistyped_short_word_is_the_same_surface(old, new):
    assert same_surface(new, old)


@pytest.mark.parametrize("old, new", [
    # names: capitalised mid-sentence, or after "named", "called", "name is" or a title
    ("My dog is called Bella.", "My dog is called Bela."),
    ("my dog is named bella", "my dog is named bekla"),
    ("My best friend's name is Sara.", "My best friend's name is Sata."),
    ("I love to cook Paella.", "I love to cook Paela."),
    ("I had to have a Transplant.", "I had to have a Transpllant."),  # a long word too
    ("My teacher was Mr Hosue.", "My teacher was Mr House."),
    # two real words, however close
    ("I live in a thin house.", "I live in a thing house."),
    ("I love my cook.", "I love my book."),
    # a slip is read only when it is the one difference
    ("I love to cook paella.", "I loved to cook paela."),
    ("I am going to cook paella.", "Im goin to cook paela."),
    ("I like the Treadmill.", "I like the Teradmill."),
    ("I workout four hours a day.", "I workout for hours a day."),
    ("I worked there for years.", "I worked there 4 years."),
])
def test_names_and_real_words_are_never_read_as_slips(old, new):
    assert not same_surface(new, old)


def test_name_like_words():
    assert name_like("My dog is called Bella and I love Paris.") == {"bella", "paris"}
    assert name_like("I love pizza. Pizza is great, I'm sure.") == frozenset()


def test_a_british_ending_is_not_read_off_a_name():
    assert same_surface("I am a clean eatre.", "I am a clean eater.")
    assert not same_surface("My cat is named eatre.", "My cat is named eater.")
