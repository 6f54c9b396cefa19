import iris


def test_all_names_exist_and_are_sorted():
    assert iris.__all__ == sorted(iris.__all__)
    for name in iris.__all__:
        assert getattr(iris, name) is not None, name


def test_public_objects_say_they_come_from_iris():
    for name in iris.__all__:
        member = getattr(iris, name)
        assert getattr(member, "__module__", "iris").startswith("iris"), name
